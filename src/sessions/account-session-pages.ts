import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { consoleChrome } from './console-chrome';
import { SESSIONS_PAGE_PATH } from './session.constants';
import type { AccountSessionDto } from './dto/account-session.dto';
import type { OperatorPrincipal } from './operator-principal';

const NOTICES: Record<string, string> = {
  ended: 'The session was ended: that browser is signed out.',
  'others-ended': 'Every other session was ended.',
};

const METHODS: Record<AccountSessionDto['auth_method'], string> = {
  password: 'Password',
  sso: 'Single sign-on',
  invitation: 'Invitation',
  reset: 'Password reset',
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function sessionRow(s: AccountSessionDto): SafeHtml {
  const end = s.current
    ? html`<strong>This browser</strong>`
    : dangerButton(
        `${SESSIONS_PAGE_PATH}/${s.id}/end`,
        'End',
        `End the session of ${s.user_agent ?? 'an unknown browser'} from ${s.ip ?? 'an unknown address'}? That browser is signed out at once.`,
        {
          id: `end-${s.id}`,
        },
      );
  return html`<tr data-session-id="${s.id}"${s.current ? html` data-current="true"` : ''}>
<td>${s.user_agent ?? 'unknown'}${s.current ? html` <small>(current)</small>` : ''}</td><td>${s.ip ?? 'unknown'}</td>
<td>${when(s.last_seen_at)}</td><td>${when(s.created_at)}</td><td>${METHODS[s.auth_method]}</td><td>${yesNo(s.mfa)}</td>
<td>${yesNo(s.remember_me)}</td><td>${end}</td></tr>`;
}

/** /app/account/sessions: the account's live sessions, an End button for each other one, and "End all other sessions". */
export function accountSessionsPage(op: OperatorPrincipal, sessions: AccountSessionDto[], notice?: string): SafeHtml {
  const text = notice && Object.hasOwn(NOTICES, notice) ? NOTICES[notice] : undefined;
  const others = sessions.some((s) => !s.current);
  return layout(
    { title: 'Sessions', chrome: consoleChrome(op), current: '/app/account/sessions' },
    html`<section class="panel" aria-labelledby="sessions-title">
  <h1 id="sessions-title">Sessions</h1>
  ${text ? html`<p class="notice" role="status" id="notice">${text}</p>` : ''}
  <p>Every browser signed in to your account. Ending a session signs that browser out at once and closes its live connections.</p>
  <table id="sessions"><thead><tr><th scope="col">Browser</th><th scope="col">IP address</th><th scope="col">Last seen</th><th scope="col">Signed in</th>
<th scope="col">Method</th><th scope="col">Second factor</th><th scope="col">Remember me</th><th scope="col"></th></tr></thead>
<tbody>${sessions.map(sessionRow)}</tbody></table>
  ${
    others
      ? dangerButton(
          `${SESSIONS_PAGE_PATH}/end-others`,
          'End all other sessions',
          'Sign out every other browser and device of your account? This one stays signed in.',
          { id: 'end-others' },
        )
      : html`<p id="no-other-sessions">No other session is signed in.</p>`
  }
</section>`,
  );
}
