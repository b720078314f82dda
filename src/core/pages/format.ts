import { html, SafeHtml } from './html';

/** An ISO 8601 time as pages show it: `2026-05-01 12:00:00 UTC`, or `never`. */
export const when = (iso: string | null | undefined, never = 'never') => (iso ? `${iso.replace('T', ' ').slice(0, 19)} UTC` : never);

/** A button that POSTs an action to this origin (pages carry no script: every action is a form). */
export const postButton = (action: string, label: string, attrs: { id?: string; className?: string } = {}): SafeHtml =>
  html`<form method="post" action="${action}" style="display:inline"><button type="submit"${attrs.id ? html` id="${attrs.id}"` : ''}${attrs.className ? html` class="${attrs.className}"` : ''}>${label}</button></form>`;
