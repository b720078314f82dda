import { html, SafeHtml } from './html';

/** The first `length` characters of an ISO 8601 time, as pages show it (`2026-05-01 12:00:00.123 UTC` in full). */
const pageTime = (iso: string, length: number) => `${iso.replace('T', ' ').slice(0, length)} UTC`;

/** An ISO 8601 time as pages show it: `2026-05-01 12:00:00 UTC`, or `never` (or the page's own placeholder). */
export const when = (iso: string | null | undefined, never = 'never') => (iso ? pageTime(iso, 19) : never);

/** The same to the millisecond, `2026-05-01 12:00:00.123 UTC`, where a page tells apart times within a second (traces). */
export const whenToTheMillisecond = (iso: string) => pageTime(iso, 23);

/** A button that POSTs an action to this origin (pages carry no script: every action is a form). */
export const postButton = (action: string, label: string, attrs: { id?: string; className?: string } = {}): SafeHtml =>
  html`<form method="post" action="${action}" style="display:inline"><button type="submit"${attrs.id ? html` id="${attrs.id}"` : ''}${attrs.className ? html` class="${attrs.className}"` : ''}>${label}</button></form>`;
