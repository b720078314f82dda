import { pageMessages } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { OperatorRole } from '../auth';
import type { ConsoleChrome } from '../core/pages/layout';
import type { WorkspaceSettingsDto } from './dto/operator.dto';

export const SETTINGS_PAGE = '/app/settings';

export interface SettingsPageView {
  chrome: ConsoleChrome;
  role: OperatorRole;
  workspace: WorkspaceSettingsDto;
  notice?: string;
  error?: string;
  /** the require_mfa choice as posted (a refusal shows it again) */
  form?: { require_mfa?: string };
}

/** /app/settings: the workspace's settings; its owners change its policy. */
export function settingsPage(v: SettingsPageView): SafeHtml {
  const w = v.workspace;
  const chosen = v.form?.require_mfa ?? String(w.require_mfa);
  const option = (value: string, label: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;
  return layout(
    { title: 'Workspace settings', chrome: v.chrome, current: SETTINGS_PAGE },
    html`<section class="panel" aria-labelledby="settings-title">
  <h1 id="settings-title">Workspace settings</h1>
  ${pageMessages(v)}
  <dl><dt>Name</dt><dd id="workspace-name">${w.name}</dd><dt>Slug</dt><dd>${w.slug}</dd><dt>Plan</dt><dd>${w.plan}</dd><dt>Status</dt><dd>${w.status}</dd>
  <dt>Second factor</dt><dd id="require-mfa">${w.require_mfa ? 'required of every member (an SSO session satisfies it)' : 'not required'}</dd></dl>
</section>
${
  v.role === 'owner'
    ? html`<section class="panel" aria-labelledby="policy-title"><h2 id="policy-title">Policy</h2>
  <p>With a second factor required, a member without one (TOTP or a passkey) can, after log-in, only enroll one. You need one yourself to turn it on.</p>
  <form method="post" action="${SETTINGS_PAGE}">
    <label for="require_mfa">Second factor</label><select id="require_mfa" name="require_mfa">${option('true', 'required of every member')}${option('false', 'not required')}</select>
    <p><button type="submit" id="save-settings">Save</button></p>
  </form></section>`
    : html`<p>Only an owner changes these settings; see <a href="/app/members">the members</a> for who they are.</p>`
}`,
  );
}
