import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { clientIp } from '../core/common/http/client-ip';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { escapeHtml } from '../core/pages/html';
import { MailTransport } from './mail-transport';
import type { Request, Response } from 'express';

/**
 * The loopback addresses: the mailbox holds every reset link, so it answers this machine only,
 * never a client a proxy forwarded (the client address is read as the rate limits read it).
 */
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.');

/**
 * Development mailbox: exists only with the memory transport and never in production, and answers
 * only a client on this machine (404 otherwise). A deployment left without NODE_ENV=production,
 * a staging host say, would otherwise show anyone the reset links of the accounts it asks them for.
 */
@ApiTags('development')
@Controller('dev')
export class MailboxController {
  constructor(
    private readonly config: AppConfig,
    private readonly transport: MailTransport,
  ) {}

  private ensureEnabled(req: Request): void {
    if (this.config.isProduction || this.config.mailTransport !== 'memory') throw new NotFoundProblem();
    if (!isLoopback(clientIp(req, this.config.trustedProxyIps))) throw new NotFoundProblem();
  }

  @Public()
  @Get('mailbox.json')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Read the development mailbox as JSON',
    description:
      'Development only: exists only with the in-memory mail transport (`MAIL_TRANSPORT=memory`, the default outside production) and is 404 in production, with SMTP, or to a client that is not on this machine (loopback; behind a trusted proxy, the forwarded client). ' +
      'No login, never cached: answers `{ messages: [{ to, subject, text, html, sent_at }] }`, the newest 200 messages the service sent (password reset links, webhook-disabled notices), newest first.',
  })
  @ApiProduces('application/json')
  @ApiOkResponse({ description: 'the messages, newest first: `{ messages: [{ to, subject, text, html, sent_at }] }`' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'not_found: in production, or with another mail transport' })
  async json(@Req() req: Request) {
    this.ensureEnabled(req);
    return { messages: await this.transport.mailbox() };
  }

  @Public()
  @Get('mailbox')
  @ApiOperation({
    summary: 'Read the development mailbox',
    description:
      'Development only: exists only with the in-memory mail transport (`MAIL_TRANSPORT=memory`, the default outside production) and is 404 in production, with SMTP, or to a client that is not on this machine (loopback; behind a trusted proxy, the forwarded client). ' +
      'No login, never cached: an HTML page showing the newest 200 messages the service sent, newest first, with their recipient, subject, time and body.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the messages, newest first' })
  @ApiNotFoundResponse({
    description: 'in production, or with another mail transport: a `not_found` problem body (application/problem+json)',
  })
  async html(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.ensureEnabled(req);
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
      // the mails' own HTML is shown as sent: no script, no frame, nothing fetched
      .setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .setHeader('x-frame-options', 'DENY').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title></head>
<body><main><h1>Development mailbox</h1>${items || '<p>No messages.</p>'}</main></body></html>`);
  }
}
