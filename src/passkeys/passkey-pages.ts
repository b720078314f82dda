import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { consoleChrome, REAUTHENTICATE_PATH } from '../sessions';
import { PASSKEY_LOGIN_ASSET_PATH, PASSKEYS_ASSET_PATH, WEBAUTHN_ASSET_PATH } from './passkey-assets.controller';
import { PASSKEY_NAME_MAX, PASSKEYS_PAGE_PATH } from './passkeys.constants';
import type { OperatorPrincipal } from '../sessions';
import type { WebAuthnCredentialDto } from './dto/passkey.dto';

/** The script files a page showing passkeysSection() loads (layout's `scripts`; sendPage with `{ scripts: true }`). */
export const PASSKEY_SCRIPTS = [WEBAUTHN_ASSET_PATH, PASSKEYS_ASSET_PATH] as const;

/** The script files of the log-in's second step when the account has a passkey. */
export const PASSKEY_LOGIN_SCRIPTS = [WEBAUTHN_ASSET_PATH, PASSKEY_LOGIN_ASSET_PATH] as const;

/**
 * The "Use a passkey" form of the log-in's second step: its script fills `webauthn_response`
 * from the browser's authenticator and posts it to `action`; the button stays disabled until the
 * script finds WebAuthn in the browser.
 */
export function passkeyLoginForm(action: string, optionsUrl: string): SafeHtml {
  return html`<form id="passkey-login" method="post" action="${action}" data-options-url="${optionsUrl}">
    <input type="hidden" name="webauthn_response" value="">
    <p><button type="submit" id="passkey-login-button" disabled>Use a passkey</button></p>
    <p id="passkey-login-status" role="status">Using a passkey needs a browser with JavaScript.</p>
  </form>`;
}

/** Where the section's forms post: add (name and the authenticator's answer), and remove one. */
export const PASSKEY_FORM_ACTIONS = {
  add: PASSKEYS_PAGE_PATH,
  remove: (id: string) => `${PASSKEYS_PAGE_PATH}/${id}/delete`,
} as const;

/**
 * The account's passkeys with a Remove button each, and the "Add a passkey" form: a fragment for
 * any account page (ADR 0252). The form's button stays disabled until /assets/passkeys.js finds
 * WebAuthn in the browser; `returnTo` is where the re-check page sends the operator back.
 */
export function passkeysSection(passkeys: readonly WebAuthnCredentialDto[], opts: { error?: string; returnTo?: string } = {}): SafeHtml {
  const back = `${REAUTHENTICATE_PATH}?return_to=${encodeURIComponent(opts.returnTo ?? PASSKEYS_PAGE_PATH)}`;
  const rows = passkeys.map(
    (p) =>
      html`<tr data-passkey-id="${p.id}"><td>${p.name}</td><td>${when(p.inserted_at)}</td><td>${when(p.last_used_at)}</td>
<td>${dangerButton(PASSKEY_FORM_ACTIONS.remove(p.id), 'Remove', `Remove the passkey ${p.name}? You can no longer sign in with it.`, { id: `remove-passkey-${p.id}` })}</td></tr>`,
  );
  return html`<section class="panel" aria-labelledby="passkeys-title">
  <h2 id="passkeys-title">Passkeys</h2>
  <p>A passkey (a security key, or your device's screen lock) is a second factor: after your password, log-in asks for it.</p>
  ${
    passkeys.length === 0
      ? html`<p id="no-passkeys">No passkeys yet.</p>`
      : html`<table id="passkeys"><thead><tr><th scope="col">Name</th><th scope="col">Added</th><th scope="col">Last used</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  ${opts.error ? html`<p class="error" role="alert" id="passkey-error">${opts.error}</p>` : ''}
  <form id="add-passkey" method="post" action="${PASSKEY_FORM_ACTIONS.add}" data-options-url="/api/v1/operator/me/webauthn/registration_options" data-reauthenticate-url="${back}">
    <label for="passkey-name">Name</label>
    <input type="text" id="passkey-name" name="name" required maxlength="${PASSKEY_NAME_MAX}" autocomplete="off" placeholder="YubiKey, work laptop">
    <input type="hidden" name="response" value="">
    <p><button type="submit" id="add-passkey-button" disabled>Add a passkey</button></p>
    <p id="passkey-status" role="status">Adding a passkey needs a browser with JavaScript.</p>
  </form>
</section>`;
}

const NOTICES: Record<string, string> = { added: 'Passkey added.', removed: 'Passkey removed.' };

/** The account's passkeys page (the lead moves passkeysSection() into /app/account/security). */
export function passkeysPage(
  op: OperatorPrincipal,
  passkeys: readonly WebAuthnCredentialDto[],
  opts: { notice?: string; error?: string } = {},
): SafeHtml {
  const notice = opts.notice && Object.hasOwn(NOTICES, opts.notice) ? NOTICES[opts.notice] : undefined;
  return layout(
    { title: 'Passkeys', chrome: consoleChrome(op), current: '/app/account/passkeys', scripts: PASSKEY_SCRIPTS },
    html`<h1>Passkeys</h1>
${notice ? html`<p class="notice" role="status" id="notice">${notice}</p>` : ''}
${passkeysSection(passkeys, { error: opts.error })}
<p><a href="/app">Back to the overview</a></p>`,
  );
}
