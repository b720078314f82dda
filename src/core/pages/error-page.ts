import { html, SafeHtml } from './html';
import { layout } from './layout';
import type { Request } from 'express';

const PAGE_PREFIXES = ['/app', '/admin', '/users'];

/** A browser asking for a page (not an API client asking for JSON). */
export function wantsHtmlPage(req: Request): boolean {
  const path = req.path ?? (req.url ?? '').split('?')[0];
  if (!PAGE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  return typeof req.accepts === 'function' && req.accepts(['json', 'html']) === 'html';
}

/**
 * The page of a refused or failed page request: the problem's title, and what was wrong marked as
 * the page's error: `inWords` where the caller has it (a 422's fields and messages), else `detail`.
 */
export function errorPage(status: number, title: string, detail: string, inWords?: string): SafeHtml {
  const message =
    status === 403
      ? 'You do not have access to this page.'
      : status === 404
        ? 'There is nothing here.'
        : status >= 500
          ? 'Something went wrong on our side.'
          : (inWords ?? detail);
  return layout(
    { title },
    html`<section class="panel" aria-labelledby="error-title"><h1 id="error-title">${title}</h1>
<p class="error" role="alert" id="error-message" data-detail="${detail}">${message}</p><p><a href="/app">Back to the overview</a></p></section>`,
  );
}
