import { dangerButton, postButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { SSO_DEFAULT_ROLES, SSO_EMAIL_CLAIM_FALLBACKS, type SsoConnectionDto } from './dto/sso-connection.dto';
import type { ConsoleChrome } from '../core/pages/layout';
import type { TestSignInReport } from './sso-sign-in.service';

export const SSO_SETTINGS_PAGE = '/app/settings/sso';
/** What `POST /users/sso` says for an address whose domain has no active connection (the same for every such address). */
export const NO_CONNECTION = 'Single sign-on is not set up for that address. Log in with your password, or ask an owner of your workspace.';

/** /users/sso: the address decides the connection. */
export function ssoStartPage(opts: { error?: string; email?: string; returnTo?: string } = {}): SafeHtml {
  return layout(
    { title: 'Sign in with SSO' },
    html`<section class="panel" aria-labelledby="sso-title">
  <h1 id="sso-title">Sign in with SSO</h1>
  ${opts.error ? html`<p class="error" role="alert" id="sso-error">${opts.error}</p>` : ''}
  <form method="post" action="/users/sso" id="sso">
    ${opts.returnTo ? html`<input type="hidden" name="return_to" value="${opts.returnTo}">` : ''}
    <label for="sso-email">Work email</label>
    <input id="sso-email" name="email" type="email" autocomplete="username" required value="${opts.email ?? ''}">
    <p><button type="submit">Continue</button></p>
  </form>
  <p><a href="/users/log-in">Log in with a password</a></p>
</section>`,
  );
}

/** A sign-in that ended without a session: 400 (a failed check), 403 (not allowed here), 503 (the provider is unreachable). */
export function ssoRefusedPage(status: 400 | 403 | 503, reason: string): SafeHtml {
  const title = status === 503 ? 'The identity provider is not answering' : status === 403 ? 'Sign-in not allowed' : 'Sign-in failed';
  return layout(
    { title },
    html`<section class="panel" aria-labelledby="sso-refused-title">
  <h1 id="sso-refused-title">${title}</h1>
  <p id="sso-reason" data-status="${String(status)}">${reason}</p>
  <p><a href="/users/sso">Try single sign-on again</a> or <a href="/users/log-in">log in with a password</a>.</p>
</section>`,
  );
}

/** The end of a test sign-in: what the provider said and what a sign-in would do; nobody was signed in. */
export function testReportPage(chrome: ConsoleChrome | undefined, r: TestSignInReport): SafeHtml {
  const claims = Object.entries(r.claims).map(
    ([k, v]) => html`<tr><th scope="row">${k}</th><td><code>${JSON.stringify(v)}</code></td></tr>`,
  );
  return layout(
    { title: 'Test sign-in', chrome, current: '/app/settings/sso' },
    html`<section class="panel" aria-labelledby="test-title">
  <h1 id="test-title">Test sign-in through ${r.connection.name}</h1>
  <p class="notice" role="status" id="test-result">The provider signed in <strong>${r.email}</strong> (from the <code>${r.claimUsed}</code> claim; subject <code>${r.subject}</code>). A sign-in ${r.outcome}.</p>
  <p>Nobody was signed in by this test.</p>
  <table id="test-claims"><caption>Claims of the ID token</caption><tbody>${claims}</tbody></table>
  <p><a href="${SSO_SETTINGS_PAGE}">Back to single sign-on</a></p>
</section>`,
  );
}

const checked = (on: boolean) => (on ? html` checked` : '');
const options = (all: readonly string[], selected: string | null, none?: string) => [
  ...(none !== undefined ? [html`<option value=""${selected === null ? html` selected` : ''}>${none}</option>`] : []),
  ...all.map((v) => html`<option value="${v}"${v === selected ? html` selected` : ''}>${v}</option>`),
];

/** The fields of a connection's form; `c` for an edit (the secret is never shown: blank keeps it). */
function connectionFields(prefix: string, c?: Partial<SsoConnectionDto>): SafeHtml {
  return html`<label for="${prefix}-name">Name</label>
    <input id="${prefix}-name" name="name" required maxlength="200" value="${c?.name ?? ''}">
    <label for="${prefix}-issuer">Issuer URL</label>
    <input id="${prefix}-issuer" name="issuer" type="url" required value="${c?.issuer ?? ''}" placeholder="https://example.okta.com/oauth2/default">
    <label for="${prefix}-client-id">Client ID</label>
    <input id="${prefix}-client-id" name="client_id" required value="${c?.client_id ?? ''}">
    <label for="${prefix}-client-secret">Client secret${c?.id ? ' (leave blank to keep the current one)' : ''}</label>
    <input id="${prefix}-client-secret" name="client_secret" type="password" autocomplete="off"${c?.id ? '' : html` required`}>
    <label for="${prefix}-domains">Domains (comma or space separated)</label>
    <input id="${prefix}-domains" name="domains" required value="${(c?.domains ?? []).join(', ')}" placeholder="example.com">
    <label for="${prefix}-fallback">Address claim when the ID token has no email</label>
    <select id="${prefix}-fallback" name="email_claim_fallback">${options(SSO_EMAIL_CLAIM_FALLBACKS, c?.email_claim_fallback ?? null, 'none: refuse the sign-in')}</select>
    <label for="${prefix}-role">Role of members provisioned just in time</label>
    <select id="${prefix}-role" name="default_role">${options(SSO_DEFAULT_ROLES, c?.default_role ?? 'member')}</select>
    <p><label style="display:inline;font-weight:normal"><input type="checkbox" name="jit_provisioning" value="true"${checked(c?.jit_provisioning ?? false)}> Provision members just in time</label></p>
    <p><label style="display:inline;font-weight:normal"><input type="checkbox" name="enforce" value="true"${checked(c?.enforce ?? false)}> Enforce: members in these domains cannot log in with a password (owners still can)</label></p>`;
}

export interface SsoSettingsView {
  chrome: ConsoleChrome;
  redirectUri: string;
  connections: SsoConnectionDto[];
  notice?: string;
  error?: string;
  /** The create form's values after a refusal. */
  form?: Partial<SsoConnectionDto>;
  /** The connection whose edit form the refusal concerns. */
  editing?: string;
}

const NOTICES: Record<string, string> = {
  created: 'Connection added. Try it with "Test sign-in" before you enforce it.',
  updated: 'Connection saved.',
  deleted: 'Connection deleted.',
};

/** /app/settings/sso (owners): the connections, the redirect URI to copy, a test sign-in each. */
export function ssoSettingsPage(v: SsoSettingsView): SafeHtml {
  const notice = v.notice && Object.hasOwn(NOTICES, v.notice) ? NOTICES[v.notice] : undefined;
  const connections = v.connections.map(
    (c) => html`<section class="panel" aria-labelledby="conn-${c.id}" data-connection-id="${c.id}">
  <h2 id="conn-${c.id}">${c.name} <small>(${c.status}${c.enforce ? ', enforced' : ''})</small></h2>
  <p>Issuer <code>${c.issuer}</code>; domains ${c.domains.join(', ')}; added ${when(c.inserted_at)}.</p>
  ${v.editing === c.id && v.error ? html`<p class="error" role="alert">${v.error}</p>` : ''}
  ${postButton(`${SSO_SETTINGS_PAGE}/${c.id}/test`, 'Test sign-in', { id: `test-${c.id}` })}
  <details><summary>Edit</summary>
  <form method="post" action="${SSO_SETTINGS_PAGE}/${c.id}" id="edit-${c.id}">
    ${connectionFields(`edit-${c.id}`, c)}
    <label for="edit-${c.id}-status">Status</label>
    <select id="edit-${c.id}-status" name="status">${options(['active', 'disabled'], c.status)}</select>
    <p><button type="submit">Save</button></p>
  </form></details>
  ${dangerButton(`${SSO_SETTINGS_PAGE}/${c.id}/delete`, 'Delete connection', `Delete the connection to ${c.issuer}? Its users can no longer sign in with single sign-on.`, { id: `delete-${c.id}` })}
</section>`,
  );
  return layout(
    { title: 'Single sign-on', chrome: v.chrome, current: '/app/settings/sso' },
    html`<section class="panel" aria-labelledby="sso-settings-title">
  <h1 id="sso-settings-title">Single sign-on</h1>
  ${notice ? html`<p class="notice" role="status" id="notice">${notice}</p>` : ''}
  ${v.error && !v.editing ? html`<p class="error" role="alert" id="form-error">${v.error}</p>` : ''}
  <p>Register this redirect URI (sign-in redirect URI, reply URL) with your identity provider:</p>
  <p><label for="redirect-uri">Redirect URI</label><input id="redirect-uri" readonly value="${v.redirectUri}"></p>
  <p>Set-up steps for Okta and Microsoft Entra ID are in the SSO guide, docs/sso.md.</p>
  ${v.connections.length === 0 ? html`<p id="no-connections">No connection yet: add your identity provider below.</p>` : ''}
</section>
${connections}
<section class="panel" aria-labelledby="add-title">
  <h2 id="add-title">Add a connection</h2>
  <form method="post" action="${SSO_SETTINGS_PAGE}" id="add-connection">
    ${connectionFields('add', v.form)}
    <p><button type="submit">Add connection</button></p>
  </form>
</section>`,
  );
}
