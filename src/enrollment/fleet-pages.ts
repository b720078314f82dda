import { canManage, type OperatorRole } from '../auth';
import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { copyable, dangerButton, when, pageMessages } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { CohortDto } from './dto/cohort.dto';
import type { EnrollmentTokenDto } from './dto/enrollment-token.dto';
import type { RobotDto } from './dto/robot.dto';

export const ROBOTS_PAGE = '/app/robots';
export const ENROLLMENT_TOKENS_PAGE = '/app/enrollment-tokens';
export const COHORTS_PAGE = '/app/cohorts';

/** What every fleet page shows besides its list: the frame, the role, a notice or an error line. */
interface FleetPageBase {
  chrome: ConsoleChrome;
  role: OperatorRole;
  notice?: string;
  error?: string;
}

const cohortCell = (id: string | null, names: ReadonlyMap<string, string>) =>
  id ? html`<a href="${COHORTS_PAGE}/${id}">${names.get(id) ?? 'a cohort'}</a>` : '—';

/** A robot's row: its name first (its serial when it has none), then what it is bound to. */
function robotRow(r: RobotDto, names: ReadonlyMap<string, string>, role: OperatorRole | null): SafeHtml {
  const label = r.name ?? r.serial_number;
  const actions =
    role && canManage(role)
      ? html`${r.status === 'active' ? dangerButton(`${ROBOTS_PAGE}/${r.id}/reset`, 'Reset', `Reset ${label}? Its agent is deactivated, every key of it revoked and its sockets closed; the next claim of serial ${r.serial_number} provisions it again.`, { id: `reset-${r.id}` }) : ''}
${r.status !== 'retired' ? dangerButton(`${ROBOTS_PAGE}/${r.id}/retire`, 'Retire', `Retire ${label} for good? Later claims of serial ${r.serial_number} are refused and its agent's credentials stop working at once.`, { id: `retire-${r.id}` }) : ''}`
      : '';
  return html`<tr data-robot-id="${r.id}"><td><strong>${label}</strong>${r.name ? html`<br><small>${r.serial_number}</small>` : ''}</td>
<td class="status">${r.status}</td><td>${cohortCell(r.cohort_id, names)}</td><td>${r.tags.join(', ')}</td>
<td>${when(r.claimed_at, '—')}</td><td>${when(r.inserted_at)}</td>${role ? html`<td>${actions}</td>` : ''}</tr>`;
}

const robotTable = (robots: readonly RobotDto[], names: ReadonlyMap<string, string>, role: OperatorRole | null) =>
  html`<table id="robots"><thead><tr><th scope="col">Robot</th><th scope="col">Status</th><th scope="col">Cohort</th><th scope="col">Tags</th><th scope="col">Claimed</th><th scope="col">Added</th>${
    role ? html`<th scope="col"><span class="skip">Actions</span></th>` : ''
  }</tr></thead><tbody>${robots.map((r) => robotRow(r, names, role))}</tbody></table>`;

export interface RobotsPageView extends FleetPageBase {
  q: ListQuery;
  robots: RobotDto[];
  total: number;
  cohortNames: ReadonlyMap<string, string>;
  form?: { serial_number?: string; name?: string };
}

/** /app/robots: the fleet, searchable by serial and name, filtered by status, paged. */
export function robotsPage(v: RobotsPageView): SafeHtml {
  const manage = canManage(v.role);
  return layout(
    { title: 'Robots', chrome: v.chrome, current: ROBOTS_PAGE },
    html`<section class="panel" aria-labelledby="robots-title">
  <h1 id="robots-title">Robots</h1>
  ${pageMessages(v)}
  ${listFilterForm(ROBOTS_PAGE, v.q)}
  ${
    v.robots.length === 0
      ? listEmpty(
          'no-robots',
          ROBOTS_PAGE,
          v.q,
          html`No robots yet. Devices join by claiming an <a href="${ENROLLMENT_TOKENS_PAGE}">enrollment token</a>${manage ? '; or pre-register one by serial below' : ''}.`,
        )
      : robotTable(v.robots, v.cohortNames, v.role)
  }
  ${listPager(ROBOTS_PAGE, v.q, v.robots.length, v.total)}
</section>
${
  manage
    ? html`<section class="panel" aria-labelledby="pre-register-title"><h2 id="pre-register-title">Pre-register a robot</h2>
  <p>A pending robot waits for its serial to claim a fleet token, which binds it.</p>
  <form method="post" action="${ROBOTS_PAGE}">
    <label for="serial_number">Serial number</label><input id="serial_number" name="serial_number" type="text" required value="${v.form?.serial_number ?? ''}">
    <label for="robot-name">Name (optional)</label><input id="robot-name" name="name" type="text" value="${v.form?.name ?? ''}">
    <p><button type="submit">Pre-register</button></p>
  </form></section>`
    : ''
}`,
  );
}

export interface EnrollmentTokensPageView extends FleetPageBase {
  q: ListQuery;
  tokens: EnrollmentTokenDto[];
  total: number;
  cohorts: readonly CohortDto[];
  cohortNames: ReadonlyMap<string, string>;
  /** the new token, on the one view that shows it */
  issued?: string;
  /** why a `?shown=` view has no token (shown already, or Redis unreachable) */
  missing?: SafeHtml | string;
  form?: Record<string, string | undefined>;
}

const EXPIRIES: readonly [number, string][] = [
  [3_600, '1 hour'],
  [86_400, '24 hours'],
  [604_800, '7 days'],
  [2_592_000, '30 days'],
];

function tokenRow(t: EnrollmentTokenDto, names: ReadonlyMap<string, string>, role: OperatorRole): SafeHtml {
  const revocable = canManage(role) && t.status !== 'revoked';
  return html`<tr data-enrollment-token-id="${t.id}"><td><code>${t.prefix}</code></td><td class="status">${t.status}</td>
<td>${t.claims_count} of ${t.max_claims}</td><td>${cohortCell(t.cohort_id, names)}</td><td>${t.default_tags.join(', ')}</td>
<td>${when(t.expires_at)}</td><td>${when(t.inserted_at)}</td><td>${
    revocable
      ? dangerButton(
          `${ENROLLMENT_TOKENS_PAGE}/${t.id}/revoke`,
          'Revoke',
          `Revoke ${t.prefix}? Every later claim of it is refused; robots that already claimed keep working.`,
          { id: `revoke-${t.id}` },
        )
      : ''
  }</td></tr>`;
}

/** /app/enrollment-tokens: the age_ tokens by prefix and state; owners and admins issue and revoke. */
export function enrollmentTokensPage(v: EnrollmentTokensPageView): SafeHtml {
  const f = v.form ?? {};
  const issued = v.issued
    ? html`<section class="panel" aria-labelledby="issued-title"><h2 id="issued-title">Your new enrollment token</h2>
  <p>Copy it now: it is shown this once. A device claims with it:</p>
  ${copyable(v.issued, { id: 'new-enrollment-token', secret: true })}
  <pre><code>curl -X POST "$BASE/api/v1/enrollments/claim" -H 'content-type: application/json' \\
  -d '{"token": "${v.issued}", "serial_number": "SN-0001"}'</code></pre></section>`
    : '';
  return layout(
    { title: 'Enrollment tokens', chrome: v.chrome, current: ENROLLMENT_TOKENS_PAGE },
    html`${issued}<section class="panel" aria-labelledby="tokens-title">
  <h1 id="tokens-title">Enrollment tokens</h1>
  ${pageMessages(v)}${v.missing ?? ''}
  <p>A device claims an <code>age_</code> token once to become a robot with its own agent and key; a fleet token takes many claims.</p>
  ${listFilterForm(ENROLLMENT_TOKENS_PAGE, v.q)}
  ${
    v.tokens.length === 0
      ? listEmpty(
          'no-enrollment-tokens',
          ENROLLMENT_TOKENS_PAGE,
          v.q,
          canManage(v.role) ? 'No enrollment tokens yet: issue one below.' : 'No enrollment tokens yet; an owner or admin issues them.',
        )
      : html`<table id="enrollment-tokens"><thead><tr><th scope="col">Token</th><th scope="col">State</th><th scope="col">Claims</th><th scope="col">Cohort</th><th scope="col">Tags</th><th scope="col">Expires</th><th scope="col">Issued</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${v.tokens.map((t) => tokenRow(t, v.cohortNames, v.role))}</tbody></table>`
  }
  ${listPager(ENROLLMENT_TOKENS_PAGE, v.q, v.tokens.length, v.total)}
</section>
${
  canManage(v.role)
    ? html`<section class="panel" aria-labelledby="issue-title"><h2 id="issue-title">Issue a token</h2>
  <form method="post" action="${ENROLLMENT_TOKENS_PAGE}">
    <label for="max_claims">Claims it takes (1: single-use)</label><input id="max_claims" name="max_claims" type="number" min="1" value="${f.max_claims ?? '1'}">
    <label for="expires_in">Valid for</label><select id="expires_in" name="expires_in">${EXPIRIES.map(
      ([s, label]) => html`<option value="${s}"${String(s) === (f.expires_in ?? '86400') ? html` selected` : ''}>${label}</option>`,
    )}</select>
    <label for="cohort_id">Cohort its robots join</label><select id="cohort_id" name="cohort_id"><option value="">none</option>${v.cohorts.map(
      (c) => html`<option value="${c.id}"${c.id === f.cohort_id ? html` selected` : ''}>${c.name}</option>`,
    )}</select>
    <label for="default_tags">Tags for its robots (comma-separated)</label><input id="default_tags" name="default_tags" type="text" value="${f.default_tags ?? ''}">
    <label for="serial_allowlist">Only these serials (comma-separated; blank: any)</label><input id="serial_allowlist" name="serial_allowlist" type="text" value="${f.serial_allowlist ?? ''}">
    <p><button type="submit">Issue token</button></p>
  </form></section>`
    : ''
}`,
  );
}

export interface CohortsPageView extends FleetPageBase {
  q: ListQuery;
  cohorts: CohortDto[];
  total: number;
  form?: { name?: string };
}

/** /app/cohorts: groups of robots, by name, with their size. */
export function cohortsPage(v: CohortsPageView): SafeHtml {
  return layout(
    { title: 'Cohorts', chrome: v.chrome, current: COHORTS_PAGE },
    html`<section class="panel" aria-labelledby="cohorts-title">
  <h1 id="cohorts-title">Cohorts</h1>
  ${pageMessages(v)}
  ${listFilterForm(COHORTS_PAGE, v.q)}
  ${
    v.cohorts.length === 0
      ? listEmpty(
          'no-cohorts',
          COHORTS_PAGE,
          v.q,
          'No cohorts yet. A cohort groups robots (a site, a model) for OTA updates and batch operations.',
        )
      : html`<table id="cohorts"><thead><tr><th scope="col">Cohort</th><th scope="col">Robots</th><th scope="col">Created</th></tr></thead><tbody>${v.cohorts.map(
          (c) =>
            html`<tr data-cohort-id="${c.id}"><td><a href="${COHORTS_PAGE}/${c.id}">${c.name}</a></td><td>${c.robot_count}</td><td>${when(c.inserted_at)}</td></tr>`,
        )}</tbody></table>`
  }
  ${listPager(COHORTS_PAGE, v.q, v.cohorts.length, v.total)}
</section>
${
  canManage(v.role)
    ? html`<section class="panel" aria-labelledby="new-cohort-title"><h2 id="new-cohort-title">New cohort</h2>
  <form method="post" action="${COHORTS_PAGE}"><label for="cohort-name">Name</label><input id="cohort-name" name="name" type="text" required value="${v.form?.name ?? ''}">
  <p><button type="submit">Create cohort</button></p></form></section>`
    : ''
}`,
  );
}

export interface CohortPageView extends FleetPageBase {
  cohort: CohortDto;
  q: ListQuery;
  members: RobotDto[];
  total: number;
}

/** /app/cohorts/:id: a cohort and its robots, searchable and paged as the fleet is. */
export function cohortPage(v: CohortPageView): SafeHtml {
  const path = `${COHORTS_PAGE}/${v.cohort.id}`;
  return layout(
    { title: `Cohort ${v.cohort.name}`, chrome: v.chrome, current: COHORTS_PAGE },
    html`<section class="panel" aria-labelledby="cohort-title">
  <h1 id="cohort-title">${v.cohort.name}</h1>
  ${pageMessages(v)}
  <p>${v.cohort.robot_count} robots · created ${when(v.cohort.inserted_at)}</p>
  ${listFilterForm(path, v.q)}
  ${
    v.members.length === 0
      ? listEmpty(
          'no-members',
          path,
          v.q,
          html`No robots in this cohort yet: robots join it by claiming an <a href="${ENROLLMENT_TOKENS_PAGE}">enrollment token</a> that names it.`,
        )
      : robotTable(v.members, new Map([[v.cohort.id, v.cohort.name]]), null)
  }
  ${listPager(path, v.q, v.members.length, v.total)}
  <p><a href="${COHORTS_PAGE}">All cohorts</a></p>
</section>`,
  );
}
