import { canManage, type OperatorRole } from '../auth';
import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { postButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { VIOLATION_TRANSITIONS } from './violation-kinds';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { SecurityViolationDto } from './dto/security-violation.dto';

const ACTIONS = { acknowledged: 'Acknowledge', resolved: 'Resolve' } as const;

/** What a violation's detail says, in one line. */
function summary(v: SecurityViolationDto): string {
  const d = v.detail;
  const parts = [d.key_prefix, d.action, d.resource, d.serial_number].filter((x) => typeof x === 'string');
  return parts.join(' · ');
}

/** /app/security-violations: newest first; owners and admins acknowledge and resolve them. */
export function securityViolationsPage(v: {
  chrome: ConsoleChrome;
  role: OperatorRole;
  q: ListQuery;
  violations: SecurityViolationDto[];
  total: number;
}): SafeHtml {
  const rows = v.violations.map((x) => {
    const moves = canManage(v.role) ? VIOLATION_TRANSITIONS[x.status].filter((s): s is keyof typeof ACTIONS => s in ACTIONS) : [];
    return html`<tr data-violation-id="${x.id}"><td>${x.kind}</td><td class="severity-${x.severity}">${x.severity}</td><td class="status">${x.status}</td>
<td>${summary(x)}</td><td>${x.occurrences}</td><td>${when(x.inserted_at)}<br><small>last ${when(x.last_seen_at)}</small></td>
<td>${moves.map((to) => postButton(`/app/security-violations/${x.id}/${to === 'acknowledged' ? 'acknowledge' : 'resolve'}`, ACTIONS[to], { className: to === 'acknowledged' ? 'acknowledge' : 'resolve' }))}</td></tr>`;
  });
  return layout(
    { title: 'Security violations', chrome: v.chrome, current: '/app/security-violations' },
    html`<section class="panel" aria-labelledby="violations-title">
  <h1 id="violations-title">Security violations</h1>
  <p>Opened by gateway denies, by revoked or archived keys being presented, and by retired robots' credentials. Repeats within an hour count on one violation.</p>
  ${listFilterForm('/app/security-violations', v.q)}
  ${
    v.violations.length === 0
      ? listEmpty('no-violations', '/app/security-violations', v.q, 'No security violations.')
      : html`<table id="violations"><thead><tr><th scope="col">Kind</th><th scope="col">Severity</th><th scope="col">Status</th><th scope="col">Detail</th><th scope="col">Times</th><th scope="col">Opened</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  ${listPager('/app/security-violations', v.q, v.violations.length, v.total)}
</section>`,
  );
}
