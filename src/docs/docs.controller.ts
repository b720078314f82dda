import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { sendPage } from '../core/pages/layout';
import { landingPage, problemIndexPage, problemPage } from './docs-pages';
import { PROBLEM_DOCS } from './problem-docs';
import type { Request, Response } from 'express';

/** A 16x16 icon (the service's mark), so browsers asking for /favicon.ico get one. */
const FAVICON = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f6feb"/><path d="M4 12 8 4l4 8M5.5 9h5" stroke="#fff" stroke-width="1.6" fill="none"/></svg>`,
);

/** Where a newcomer lands: the site root, the problem type pages, the favicon. */
@ApiTags('docs')
@Controller()
export class DocsController {
  constructor(private readonly config: AppConfig) {}

  /** A browser gets the landing page; an API client gets an index of where things are. */
  @Public()
  @Get()
  @ApiOperation({
    summary: 'Service index',
    description:
      'Public. An API client gets a JSON index of where things are: the API reference and OpenAPI document, the problem type pages, the console and the probes. ' +
      'A browser (asking for HTML before JSON) gets the landing page: what the service is, with links to sign up, log in and the documentation.',
  })
  @ApiProduces('application/json', 'text/html')
  @ApiOkResponse({ description: 'an index of the API documents (JSON), or the landing page (HTML) for a browser' })
  index(@Req() req: Request, @Res() res: Response): void {
    if (req.accepts(['json', 'html']) === 'html') return sendPage(res, landingPage());
    res.setHeader('cache-control', 'no-cache');
    res.json({
      service: 'Agent Network',
      docs: { reference: '/api/docs', openapi: '/api/docs-json', asyncapi: '/api/asyncapi.json', problems: '/problems' },
      console: '/app',
      probes: { health: '/health', ready: '/ready', metrics: '/metrics' },
    });
  }

  @Public()
  @Get('problems')
  @ApiOperation({
    summary: 'List the problem types',
    description: 'Public HTML page listing every problem type the service answers with, by HTTP status, each linking to its own page.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'every problem type, by status' })
  problems(@Res() res: Response): void {
    const docs = Object.entries(PROBLEM_DOCS).sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b));
    sendPage(res, problemIndexPage(docs));
  }

  /** What a problem `type` means and what to do about it (the URL every problem body links to). */
  @Public()
  @Get('problems/:slug')
  @ApiOperation({
    summary: 'Explain a problem type',
    description:
      'Public HTML page at the URL every problem body names as its `type`: what the problem means and what to do about it. 404 `not_found` for an unknown slug.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the problem type explained' })
  @ApiNotFoundResponse({ description: 'no such problem type: a `not_found` problem body (application/problem+json)' })
  problem(@Param('slug') slug: string, @Res() res: Response): void {
    const doc = Object.hasOwn(PROBLEM_DOCS, slug) ? PROBLEM_DOCS[slug] : undefined;
    if (!doc) throw new NotFoundProblem();
    sendPage(res, problemPage(doc, `${this.config.baseUrl}/problems/${slug}`));
  }

  @Public()
  @Get('favicon.ico')
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=86400')
  @ApiOperation({
    summary: "The service's icon",
    description: 'Public: the 16x16 mark of the service as SVG, for browsers asking for `/favicon.ico`; cacheable for a day.',
  })
  @ApiProduces('image/svg+xml')
  @ApiOkResponse({ description: 'the icon (image/svg+xml)' })
  favicon(): Buffer {
    return FAVICON;
  }
}
