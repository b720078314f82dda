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

/**
 * The console's own script (copy buttons, local times on hover), loaded by every page with the
 * console frame; those pages let this origin's script files run and nothing else. Every page
 * works without it (issue 57).
 */
export const CONSOLE_SCRIPT_PATH = '/assets/console.js';
const CONSOLE_PAGE_CSP = `${PAGE_CSP}; script-src 'self'`;

/** A laid-out page, knowing whether it loads script files (sendPage then sends the CSP that lets them run). */
export class PageHtml extends SafeHtml {
  constructor(
    value: string,
    readonly loadsScripts: 'none' | 'console' | 'page',
  ) {
    super(value);
  }
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9;overflow-wrap:anywhere}
header{background:#1b1f24;color:#fff;padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
header a,header button.link{color:#fff}
header form{display:inline;margin:0}
.account{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
.account label{display:inline;margin:0;font-weight:normal}
.skip{position:absolute;left:-100vw}.skip:focus{left:1rem;top:.5rem;background:#fff;color:#1b1f24;padding:.25rem .5rem;z-index:1}
.shell{display:flex;flex-wrap:wrap;max-width:80rem;margin:0 auto}
nav.console{flex:1 1 100%;padding:.5rem 1rem;background:#fff;border-bottom:1px solid #d0d7de}
nav.console h2{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:#57606a;margin:.75rem 0 .25rem}
nav.console ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
nav.console a{text-decoration:none;color:#0550ae}
nav.console a[aria-current=page]{font-weight:700;color:#1b1f24;text-decoration:underline}
main{flex:1 1 0;min-width:0;max-width:56rem;margin:1.5rem auto;padding:0 1rem}
@media (min-width:60rem){nav.console{flex:0 0 14rem;border-bottom:none;border-right:1px solid #d0d7de;min-height:calc(100vh - 3rem)}nav.console ul{display:block}nav.console li{margin:.15rem 0}main{padding:0 1.5rem}}
.panel{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin-bottom:1.5rem;overflow-x:auto}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text],input[type=search],input[type=url],input[type=number],select,textarea{width:100%;max-width:24rem;padding:.5rem;border:1px solid #8c959f;border-radius:6px;font:inherit}
header select{width:auto;max-width:12rem;padding:.15rem;color:#1b1f24}
button{padding:.5rem 1rem;border-radius:6px;border:1px solid #1f6feb;background:#1f6feb;color:#fff;font:inherit;cursor:pointer}
button.danger{background:#fff;color:#b42318;border-color:#b42318}
button.link{background:none;border:none;padding:0;text-decoration:underline;cursor:pointer;color:inherit}
a.button{display:inline-block;padding:.5rem 1rem;border-radius:6px;border:1px solid #1f6feb;color:#1f6feb;text-decoration:none;margin-right:.5rem}
.error{color:#b42318;font-weight:600}
.notice{color:#1a7f37;font-weight:600}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d0d7de;vertical-align:top}
details.confirm{display:inline-block}details.confirm>summary{display:inline-block;padding:.35rem .75rem;border-radius:6px;border:1px solid #b42318;color:#b42318;cursor:pointer;list-style:none}
details.confirm>summary::-webkit-details-marker{display:none}details.confirm[open]>summary{background:#fef3f2}details.confirm form{margin:.5rem 0}
.list-controls{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:flex-end;margin-bottom:1rem}.list-controls .field{flex:0 1 14rem}.list-controls label{margin-top:.25rem}
.pager{display:flex;gap:1rem;margin:1rem 0}
button.copy{margin:.25rem 0;padding:.15rem .5rem;font-size:.875rem}
code.secret{display:block;padding:.75rem;background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;word-break:break-all}
`;

/** A link of the console's navigation. */
export interface ConsoleLink {
  readonly label: string;
  readonly path: string;
}

/** A titled group of links (Fleet, Agents, Observability...). */
export interface ConsoleSection {
  readonly title: string;
  readonly links: readonly ConsoleLink[];
}

/**
 * What the console's frame shows around a signed-in operator's page: who is signed in, the current
 * workspace with a switcher when there are several, and the navigation the operator may follow
 * (built by the sessions feature from the operator's role: src/sessions/console-chrome.ts).
 */
export interface ConsoleChrome {
  readonly email: string;
  readonly workspace: { readonly id: string; readonly name: string; readonly role: string } | null;
  readonly workspaces: readonly { readonly id: string; readonly name: string }[];
  readonly nav: readonly ConsoleSection[];
  /** Where the switcher posts (a form field `workspace_id`). */
  readonly switchAction: string;
}

export interface LayoutOptions {
  title: string;
  /** A signed-in operator's page: the console frame (account, workspace, navigation). */
  chrome?: ConsoleChrome;
  /**
   * The navigation path this page belongs to (marked `aria-current`): the page's own path, or the
   * list a detail page was reached from.
   */
  current?: string;
  /**
   * Same-origin script files the page loads (deferred, in this order); such a page is sent with
   * `sendPage(..., { scripts: true })`, whose CSP lets them run. No inline script, ever.
   */
  scripts?: readonly string[];
}

function accountBar(chrome: ConsoleChrome): SafeHtml {
  const switcher =
    chrome.workspaces.length > 1
      ? html`<form method="post" action="${chrome.switchAction}" id="workspace-switcher"><label for="workspace-select">Workspace</label>
<select id="workspace-select" name="workspace_id">${chrome.workspaces.map(
          (w) => html`<option value="${w.id}"${w.id === chrome.workspace?.id ? ' selected' : ''}>${w.name}</option>`,
        )}</select> <button class="link" type="submit">Switch</button></form>`
      : chrome.workspace
        ? html`<span id="current-workspace-name">${chrome.workspace.name}</span>`
        : '';
  return html`<div class="account">${switcher}
<span>${chrome.email}${chrome.workspace ? html` <small>(${chrome.workspace.role})</small>` : ''}</span>
<form method="post" action="/users/log-out"><button class="link" type="submit">Log out</button></form></div>`;
}

function consoleNav(chrome: ConsoleChrome, current: string | undefined): SafeHtml {
  return html`<nav class="console" aria-label="Console">${chrome.nav.map(
    (section) =>
      html`<h2>${section.title}</h2><ul>${section.links.map(
        (l) => html`<li><a href="${l.path}"${l.path === current ? html` aria-current="page"` : ''}>${l.label}</a></li>`,
      )}</ul>`,
  )}</nav>`;
}

export function layout(opts: LayoutOptions, body: SafeHtml): PageHtml {
  const chrome = opts.chrome;
  const scripts = [...(chrome ? [CONSOLE_SCRIPT_PATH] : []), ...(opts.scripts ?? [])];
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title} · Agent Network</title><link rel="icon" href="/favicon.ico" type="image/svg+xml"><style>${new SafeHtml(STYLE)}</style>${scripts.map((src) => html`<script src="${src}" defer></script>`)}</head>
<body><a class="skip" href="#main">Skip to the content</a><header><a href="${chrome ? '/app' : '/'}"><strong>Agent Network</strong></a>${chrome ? accountBar(chrome) : ''}</header>
<div class="shell">${chrome ? consoleNav(chrome, opts.current) : ''}<main id="main">${body}</main></div></body></html>`;
  return new PageHtml(page.value, opts.scripts?.length ? 'page' : chrome ? 'console' : 'none');
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
  const loads = opts.scripts ? 'page' : page instanceof PageHtml ? page.loadsScripts : 'none';
  let csp = loads === 'page' ? SCRIPTED_PAGE_CSP : loads === 'console' ? CONSOLE_PAGE_CSP : PAGE_CSP;
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
