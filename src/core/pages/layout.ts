import { html, SafeHtml } from './html';
import type { Response } from 'express';

/** Pages carry no script; styles are inline, forms post to this origin only. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The CSP of the few pages that need script (a passkey needs `navigator.credentials`): script
 * files of this origin only, never inline, and requests to this origin only (ADR 0252).
 */
export const SCRIPTED_PAGE_CSP = `${PAGE_CSP}; script-src 'self'; connect-src 'self'`;

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
header{background:#1b1f24;color:#fff;padding:.75rem 1.5rem;display:flex;gap:1rem;align-items:center;justify-content:space-between}
header a,header button{color:#fff}
main{max-width:56rem;margin:2rem auto;padding:0 1.5rem}
.panel{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1.5rem;margin-bottom:1.5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;max-width:24rem;padding:.5rem;border:1px solid #8c959f;border-radius:6px;font:inherit}
button{padding:.5rem 1rem;border-radius:6px;border:1px solid #1f6feb;background:#1f6feb;color:#fff;font:inherit;cursor:pointer}
button.link{background:none;border:none;padding:0;text-decoration:underline;cursor:pointer}
a.button{display:inline-block;padding:.5rem 1rem;border-radius:6px;border:1px solid #1f6feb;color:#1f6feb;text-decoration:none;margin-right:.5rem}
.error{color:#b42318;font-weight:600}
.notice{color:#1a7f37;font-weight:600}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d0d7de}
code.secret{display:block;padding:.75rem;background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;word-break:break-all}
`;

export interface LayoutOptions {
  title: string;
  /** Signed-in operator's email, for the header's log-out form. */
  signedInAs?: string;
  /**
   * Same-origin script files the page loads (deferred, in this order); such a page is sent with
   * `sendPage(..., { scripts: true })`, whose CSP lets them run. No inline script, ever.
   */
  scripts?: readonly string[];
}

export function layout(opts: LayoutOptions, body: SafeHtml): SafeHtml {
  const nav = opts.signedInAs
    ? html`<nav aria-label="Account"><span>${opts.signedInAs}</span>
        <form method="post" action="/users/log-out" style="display:inline"><button class="link" type="submit">Log out</button></form></nav>`
    : html``;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title} · Agent Network</title><link rel="icon" href="/favicon.ico" type="image/svg+xml"><style>${new SafeHtml(STYLE)}</style>${(opts.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}</head>
<body><header><a href="/app"><strong>Agent Network</strong></a>${nav}</header>
<main id="main">${body}</main></body></html>`;
}

/**
 * Sends a page; `scripts` for a page laid out with `scripts` (its CSP lets this origin's script
 * files run); `formTargets` for a page whose forms are answered by a redirect to another origin
 * (browsers apply `form-action` to the redirects of a form post too: the single sign-on forms,
 * whose 302 goes to the identity provider).
 */
export function sendPage(
  res: Response,
  page: SafeHtml,
  status = 200,
  opts: { scripts?: boolean; formTargets?: readonly string[] } = {},
): void {
  let csp = opts.scripts ? SCRIPTED_PAGE_CSP : PAGE_CSP;
  if (opts.formTargets?.length) csp = csp.replace("form-action 'self'", `form-action 'self' ${opts.formTargets.join(' ')}`);
  res
    .status(status)
    .type('html')
    .setHeader('content-security-policy', csp)
    .setHeader('cache-control', 'no-store')
    .setHeader('x-frame-options', 'DENY')
    .setHeader('referrer-policy', 'same-origin')
    .send(page.value);
}
