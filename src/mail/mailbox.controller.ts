import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { escapeHtml } from '../core/pages/html';
import { MailTransport } from './mail-transport';


/** Development mailbox: exists only with the memory transport and never in production (404 otherwise). */
@ApiExcludeController()
@Controller('dev')
export class MailboxController {
  constructor(
    private readonly config: AppConfig,
    private readonly transport: MailTransport,
  ) {}

  private ensureEnabled(): void {
    if (this.config.isProduction || this.config.mailTransport !== 'memory') throw new NotFoundProblem();
  }

  @Public()
  @Get('mailbox.json')
  @Header('cache-control', 'no-store')
  async json() {
    this.ensureEnabled();
    return { messages: await this.transport.mailbox() };
  }

  @Public()
  @Get('mailbox')
  async html(@Res() res: Response): Promise<void> {
    this.ensureEnabled();
    const messages = await this.transport.mailbox();
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · ${escapeHtml(m.sent_at)}</p>
<div class="mail">${m.html}</div></article>`,
      )
      .join('\n');
    res
      .status(200)
      .type('html')
      .setHeader('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title></head>
<body><main><h1>Development mailbox</h1>${items || '<p>No messages.</p>'}</main></body></html>`);
  }
}
