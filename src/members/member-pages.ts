import { canManage, OPERATOR_ROLES, type OperatorRole } from '../auth';
import { isNarrowed, listFilterForm, listPager } from '../core/listing/list-controls';
import { dangerButton, postButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { INVITATION_PATH, type InvitationDto } from './dto/invitation.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { MemberDto } from './dto/member.dto';
import type { InvitationView } from './invitations.service';

export const MEMBERS_PAGE = '/app/members';

/** The page of a link that cannot be used: unknown, used, revoked, replaced or expired alike (ADR 0242). */
function invalidPage(): SafeHtml {
  return layout(
    { title: 'Invitation not valid' },
    html`<section class="panel" aria-labelledby="invitation-title">
  <h1 id="invitation-title">This invitation link is not valid</h1>
  <p id="invitation-invalid">Invitation links work once and expire after 7 days. Ask whoever invited you to send a new one.</p>
</section>`,
  );
}

/** The acceptance page of a link, for what the visitor may do with it (InvitationsService.view). */
export function invitationPage(token: string, view: InvitationView, errors: string[] = []): SafeHtml {
  if (view.state === 'invalid') return invalidPage();
  const { invitation } = view;
  const action = `${INVITATION_PATH}/${token}`;
  const intro = html`<h1 id="invitation-title">Join ${invitation.workspace_name}</h1>
  <p>You are invited to the workspace <strong>${invitation.workspace_name}</strong> as <strong>${invitation.role}</strong>.</p>`;
  let body: SafeHtml;
  switch (view.state) {
    case 'new_account':
      body = html`${intro}
  <p>Choose a password for your new account <strong>${invitation.email}</strong>.</p>
  ${errors.length ? html`<ul class="error" role="alert">${errors.map((e) => html`<li>${e}</li>`)}</ul>` : ''}
  <form method="post" action="${action}" id="new-account">
    <label for="password">Password (12 to 72 characters)</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" maxlength="72">
    <label for="password_confirmation">Confirm password</label>
    <input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required>
    <p><button type="submit">Create account and join</button></p>
  </form>`;
      break;
    case 'log_in':
      body = html`${intro}
  <p id="invitation-log-in">Log in as <strong>${invitation.email}</strong> to accept.</p>
  <p><a href="/users/log-in?return_to=${encodeURIComponent(action)}" id="log-in-link">Log in to accept</a></p>`;
      break;
    case 'accept':
      body = html`${intro}
  <form method="post" action="${action}"><p><button type="submit" id="accept">Accept invitation</button></p></form>`;
      break;
    case 'other_account':
      body = html`${intro}
  <p id="invitation-other-account">This invitation is for another address than the account you are signed in with. Log out, then open the link again.</p>
  ${postButton('/users/log-out', 'Log out')}`;
      break;
  }
  return layout({ title: 'Invitation' }, html`<section class="panel" aria-labelledby="invitation-title">${body}</section>`);
}

const NOTICES: Record<string, string> = {
  invited: 'Invitation sent.',
  revoked: 'Invitation revoked.',
  role_changed: 'Role changed.',
  removed: 'Member removed.',
};

const roleOptions = (selected: OperatorRole | undefined, allowed: readonly OperatorRole[]) =>
  allowed.map((r) => html`<option value="${r}"${r === selected ? html` selected` : ''}>${r}</option>`);

export interface MembersPageView {
  chrome: ConsoleChrome;
  role: OperatorRole;
  q: ListQuery;
  members: MemberDto[];
  total: number;
  /** Only for owners and admins. */
  invitations: InvitationDto[];
  notice?: string;
  error?: string;
  form?: { email?: string; role?: string };
}

/** /app/members: the member list for everyone; the forms for owners and admins. */
export function membersPage(v: MembersPageView): SafeHtml {
  const manager = canManage(v.role);
  // an admin offers the roles it may give; an owner's row is an owner's to change
  const grantable: readonly OperatorRole[] = v.role === 'owner' ? OPERATOR_ROLES : OPERATOR_ROLES.filter((r) => r !== 'owner');
  const editable = (m: MemberDto) => manager && !m.scim_managed && (v.role === 'owner' || m.role !== 'owner');
  const rows = v.members.map(
    (m) => html`<tr data-user-id="${m.user.id}"><td>${m.user.name}<br><small>${m.user.email}</small></td>
<td class="role">${m.role}</td><td>${m.status}</td><td>${m.mfa_enabled ? 'yes' : 'no'}</td><td>${m.scim_managed ? 'SCIM' : ''}</td><td>${when(m.inserted_at)}</td>
<td>${
      editable(m)
        ? html`<form method="post" action="${MEMBERS_PAGE}/${m.user.id}/role" style="display:inline"><select name="role" id="role-${m.user.id}" aria-label="Role of ${m.user.email}">${roleOptions(m.role, grantable)}</select> <button type="submit">Change role</button></form>
${dangerButton(`${MEMBERS_PAGE}/${m.user.id}/remove`, 'Remove', `Remove ${m.user.name} (${m.user.email}) from the workspace? Their sessions here end at once.`, { id: `remove-${m.user.id}` })}`
        : ''
    }</td></tr>`,
  );
  const pending = v.invitations.filter((i) => i.status === 'pending');
  const invitationRows = pending.map(
    (i) =>
      html`<tr data-invitation-id="${i.id}"><td>${i.email}</td><td>${i.role}</td><td>${when(i.expires_at)}</td><td>${dangerButton(`${MEMBERS_PAGE}/invitations/${i.id}/revoke`, 'Revoke', `Revoke the invitation of ${i.email}? Its link stops working.`, { id: `revoke-invitation-${i.id}` })}</td></tr>`,
  );
  const notice = v.notice && Object.hasOwn(NOTICES, v.notice) ? NOTICES[v.notice] : undefined;
  return layout(
    { title: 'Members', chrome: v.chrome, current: '/app/members' },
    html`<section class="panel" aria-labelledby="members-title">
  <h1 id="members-title">Members</h1>
  ${notice ? html`<p class="notice" role="status" id="notice">${notice}</p>` : ''}
  ${v.error ? html`<p class="error" role="alert" id="form-error">${v.error}</p>` : ''}
  ${listFilterForm(MEMBERS_PAGE, v.q)}
  ${v.members.length === 0 && isNarrowed(v.q) ? html`<p id="no-members">Nothing matches. <a href="${MEMBERS_PAGE}">Show all</a></p>` : ''}
  <table id="members"><thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Second factor</th><th scope="col">Provisioned</th><th scope="col">Since</th><th scope="col"></th></tr></thead>
  <tbody>${rows}</tbody></table>
  ${listPager(MEMBERS_PAGE, v.q, v.members.length, v.total)}
</section>
${
  manager
    ? html`<section class="panel" aria-labelledby="invite-title">
  <h2 id="invite-title">Invite someone</h2>
  <form method="post" action="${MEMBERS_PAGE}/invitations" id="invite">
    <label for="invite-email">Email</label>
    <input id="invite-email" name="email" type="email" required value="${v.form?.email ?? ''}">
    <label for="invite-role">Role</label>
    <select id="invite-role" name="role">${roleOptions((v.form?.role as OperatorRole | undefined) ?? 'member', grantable)}</select>
    <p><button type="submit">Send invitation</button></p>
  </form>
  <h2>Pending invitations</h2>
  ${
    pending.length === 0
      ? html`<p id="no-invitations">No pending invitations.</p>`
      : html`<table id="invitations"><thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col"></th></tr></thead><tbody>${invitationRows}</tbody></table>`
  }
</section>`
    : ''
}`,
  );
}
