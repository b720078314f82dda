import { dangerButton } from '../core/pages/format';
import { html, raw, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import {
  PASSKEY_LOGIN_SCRIPTS,
  PASSKEY_SCRIPTS,
  passkeyLoginForm,
  passkeysSection as passkeysPanel,
  type WebAuthnCredentialDto,
} from '../passkeys';
import { shownOnceMissing, type TakenSecrets } from '../sessions';
import type { ConsoleChrome } from '../core/pages/layout';
import type { MfaStatus, TotpEnrollment } from './mfa.service';

export const SECURITY_PAGE = '/app/account/security';

const codeField = (label: string) => html`<label for="code">${label}</label>
    <input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" required maxlength="32" autofocus>`;

export const MFA_LOGIN_PATH = '/users/log-in/mfa';
export const MFA_LOGIN_OPTIONS_PATH = '/users/log-in/mfa/options';

/**
 * /users/log-in/mfa: the second step of a log-in. With `passkey` (the account has one), also the
 * "Use a passkey" form and its scripts (send it with `sendPage(..., { scripts: true })`).
 */
export function mfaLoginPage(opts: { error?: string; passkey?: boolean } = {}): SafeHtml {
  return layout(
    { title: 'Two-factor authentication', scripts: opts.passkey ? PASSKEY_LOGIN_SCRIPTS : undefined },
    html`<section class="panel" aria-labelledby="mfa-title">
  <h1 id="mfa-title">Two-factor authentication</h1>
  ${opts.error ? html`<p class="error" role="alert" id="mfa-error">${opts.error}</p>` : ''}
  ${opts.passkey ? passkeyLoginForm(MFA_LOGIN_PATH, MFA_LOGIN_OPTIONS_PATH) : ''}
  <form method="post" action="${MFA_LOGIN_PATH}">
    ${codeField(opts.passkey ? 'Or a code from your authenticator app, or a recovery code' : 'Code from your authenticator app, or a recovery code')}
    <p><button type="submit">Verify</button></p>
  </form>
  <p><a href="/users/log-in">Start over</a></p>
</section>`,
  );
}

/** /users/reauthenticate: "recent authentication"'s re-check. */
export function reauthPage(opts: { chrome: ConsoleChrome; returnTo?: string; hasTotp: boolean; error?: string }): SafeHtml {
  const back = opts.returnTo ? html`<input type="hidden" name="return_to" value="${opts.returnTo}">` : '';
  return layout(
    { title: 'Confirm it is you', chrome: opts.chrome },
    html`<section class="panel" aria-labelledby="reauth-title">
  <h1 id="reauth-title">Confirm it is you</h1>
  <p>This action needs a fresh check of your password${opts.hasTotp ? ' or of your authenticator app' : ''}: it lasts 10 minutes.</p>
  ${opts.error ? html`<p class="error" role="alert" id="reauth-error">${opts.error}</p>` : ''}
  <form method="post" action="/users/reauthenticate" id="reauth-password">${back}
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <p><button type="submit">Confirm</button></p>
  </form>
  ${
    opts.hasTotp
      ? html`<form method="post" action="/users/reauthenticate" id="reauth-code">${back}
    ${codeField('Or a code from your authenticator app (or a recovery code)')}
    <p><button type="submit">Confirm with a code</button></p>
  </form>`
      : ''
  }
</section>`,
  );
}

export interface SecurityPageView {
  chrome: ConsoleChrome;
  status: MfaStatus;
  /** Whether the session's last check is recent enough for the forms that need it. */
  recent: boolean;
  /** An enrollment being set up: its QR code (inline SVG, generated server-side) and secret. */
  enrollment?: TotpEnrollment & { qrSvg: string };
  /** Recovery codes just issued: shown this once. */
  recoveryCodes?: string[];
  /** Why the codes a `?shown=` address named are not shown (ShownOnce). */
  shownMissing?: TakenSecrets;
  notice?: string;
  error?: string;
  /** Whether the workspace the request acts on requires a second factor and the account has none. */
  mustEnroll: boolean;
  /** The account's passkeys (the page's passkeys section; its scripts need `sendPage(..., { scripts: true })`). */
  passkeys: readonly WebAuthnCredentialDto[];
}

const recheck = html`<p id="recheck">These settings need a fresh check of your password.
  <a class="button" href="/users/reauthenticate?return_to=${encodeURIComponent(SECURITY_PAGE)}">Confirm it is you</a></p>`;

function totpSection(v: SecurityPageView): SafeHtml {
  if (v.enrollment) {
    return html`<div id="totp-enroll">
  <p>Scan this QR code with your authenticator app, or type the secret in by hand, then enter the code it shows.</p>
  <figure id="totp-qr" style="width:14rem;margin:0">${raw(v.enrollment.qrSvg)}</figure>
  <p>Secret: <code id="totp-secret" class="secret">${v.enrollment.secret}</code></p>
  <form method="post" action="${SECURITY_PAGE}/totp/confirm">
    ${codeField('Code from the app')}
    <p><button type="submit">Turn on</button></p>
  </form>
</div>`;
  }
  if (v.status.totp === 'enabled') {
    return html`<p id="totp-status">Authenticator app: <strong>on</strong>${v.status.totpConfirmedAt ? html` since <time datetime="${v.status.totpConfirmedAt.toISOString()}">${v.status.totpConfirmedAt.toISOString().slice(0, 10)}</time>` : ''}.
  Recovery codes left: <span id="recovery-codes-left">${v.status.recoveryCodesLeft}</span>.</p>
  ${
    v.recent
      ? html`${dangerButton(`${SECURITY_PAGE}/recovery_codes`, 'New recovery codes', 'Make new recovery codes? The ones you have stop working; the new ones are shown once.', { id: 'regenerate-codes' })}
  ${dangerButton(`${SECURITY_PAGE}/totp/disable`, 'Turn off the authenticator app', 'Turn off the authenticator app? Signing in then needs only your password (or a passkey), and its recovery codes stop working.', { id: 'disable-totp' })}`
      : recheck
  }`;
  }
  return html`<p id="totp-status">Authenticator app: <strong>off</strong>.</p>
  ${v.recent ? html`<form method="post" action="${SECURITY_PAGE}/totp"><button type="submit" id="enroll-totp">Set up an authenticator app</button></form>` : recheck}`;
}

const recoveryCodesBlock = (codes: string[]) => html`<div id="recovery-codes" role="status">
  <p class="notice">Save these recovery codes now: they are shown only this once. Each works once, in place of a code.</p>
  <ul>${codes.map((c) => html`<li><code class="recovery-code">${c}</code></li>`)}</ul>
</div>`;

/** /app/account/security: the account's second factors. */
export function securityPage(v: SecurityPageView): SafeHtml {
  return layout(
    { title: 'Account security', chrome: v.chrome, current: '/app/account/security', scripts: PASSKEY_SCRIPTS },
    html`<section class="panel" aria-labelledby="security-title">
  <h1 id="security-title">Account security</h1>
  ${v.mustEnroll ? html`<p class="error" role="alert" id="must-enroll">This workspace requires a second factor: set one up to continue.</p>` : ''}
  ${v.notice ? html`<p class="notice" role="status" id="security-notice">${v.notice}</p>` : ''}
  ${v.error ? html`<p class="error" role="alert" id="security-error">${v.error}</p>` : ''}
  ${v.recoveryCodes ? recoveryCodesBlock(v.recoveryCodes) : v.shownMissing ? shownOnceMissing(v.shownMissing, 'recovery codes', 'If you did not save them, make new ones.', true) : ''}
  <h2>Authenticator app (TOTP)</h2>
  ${totpSection(v)}
</section>
${passkeysPanel(v.passkeys, { returnTo: SECURITY_PAGE })}
<p><a href="/app">Back to the overview</a></p>`,
  );
}
