import { html, SafeHtml } from './html';

/** The first `length` characters of an ISO 8601 time, as pages show it (`2026-05-01 12:00:00.123 UTC` in full). */
const pageTime = (iso: string, length: number) => html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, length)} UTC</time>`;

/**
 * An ISO 8601 time as pages show it, `2026-05-01 12:00:00 UTC` in a `<time>` element (the console
 * script puts the reader's local time in its title, shown on hover), or `never` (or the page's own
 * placeholder). One format on every page (issue 57).
 */
export const when = (iso: string | null | undefined, never = 'never'): SafeHtml | string => (iso ? pageTime(iso, 19) : never);

/** The same to the millisecond, `2026-05-01 12:00:00.123 UTC`, where a page tells apart times within a second (traces). */
export const whenToTheMillisecond = (iso: string): SafeHtml => pageTime(iso, 23);

/** A button that POSTs an action to this origin (pages carry no script: every action is a form). */
export const postButton = (action: string, label: string, attrs: { id?: string; className?: string } = {}): SafeHtml =>
  html`<form method="post" action="${action}" style="display:inline"><button type="submit"${attrs.id ? html` id="${attrs.id}"` : ''}${attrs.className ? html` class="${attrs.className}"` : ''}>${label}</button></form>`;

/**
 * A destructive action, confirmed without script: a red disclosure button that opens the
 * consequence in words and the button that POSTs it (`id` is the final button's). Hidden form
 * fields ride along in `fields`.
 */
export const dangerButton = (
  action: string,
  label: string,
  consequence: string,
  attrs: { id?: string; fields?: Readonly<Record<string, string>> } = {},
): SafeHtml =>
  html`<details class="confirm"><summary>${label}…</summary><form method="post" action="${action}"><p>${consequence}</p>${Object.entries(
    attrs.fields ?? {},
  ).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit" class="danger"${attrs.id ? html` id="${attrs.id}"` : ''}>${label}</button></form></details>`;

/** A value to copy (a secret shown once, an id): the console script adds a Copy button beside it. */
export const copyable = (value: string, attrs: { id?: string; secret?: boolean } = {}): SafeHtml =>
  html`<code${attrs.id ? html` id="${attrs.id}"` : ''}${attrs.secret ? html` class="secret"` : ''} data-copy>${value}</code>`;

/** A page's notice (after a redirect) and error line (a refusal), each shown when there is one. */
export const pageMessages = (v: { notice?: string; error?: string }): SafeHtml =>
  html`${v.notice ? html`<p class="notice" role="status">${v.notice}</p>` : ''}${v.error ? html`<p class="error" role="alert">${v.error}</p>` : ''}`;
