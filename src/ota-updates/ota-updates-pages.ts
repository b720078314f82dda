import { canManage, type OperatorRole } from '../auth';
import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { OPEN_OTA_STATUSES } from './ota-status';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { OtaUpdateDto } from './dto/ota-update.dto';

/** /app/ota-updates: newest first, with what each robot reported; owners and admins cancel open ones. */
export interface OtaUpdatesPageView {
  chrome: ConsoleChrome;
  role: OperatorRole;
  q: ListQuery;
  updates: OtaUpdateDto[];
  total: number;
  /** each row's robot by name (its serial when it has none) */
  robotNames: ReadonlyMap<string, string>;
}

export function otaUpdatesPage(v: OtaUpdatesPageView): SafeHtml {
  const rows = v.updates.map(
    (o) =>
      html`<tr data-ota-update-id="${o.id}"><td><a href="/app/ota-updates?filter%5Brobot_id%5D=${o.robot_id}">${v.robotNames.get(o.robot_id) ?? 'a robot'}</a></td><td>${o.update_type} ${o.version}</td>
<td class="status">${o.status}</td><td>${o.detail ?? ''}</td><td>${when(o.inserted_at)}</td><td>${when(o.finished_at, '')}</td>
<td>${OPEN_OTA_STATUSES.includes(o.status) && canManage(v.role) ? dangerButton(`/app/ota-updates/${o.id}/cancel`, 'Cancel', `Cancel the ${o.update_type} update to ${o.version}? The robot is told to stop it.`, { id: `cancel-${o.id}` }) : ''}</td></tr>`,
  );
  return layout(
    { title: 'OTA updates', chrome: v.chrome, current: '/app/ota-updates' },
    html`<section class="panel" aria-labelledby="ota-title">
  <h1 id="ota-title">OTA updates</h1>
  <p>Each update goes to its robot as an <code>ota_update</code> command; the robot reports downloading, installing, then succeeded or failed.</p>
  ${listFilterForm('/app/ota-updates', v.q, { update_type: 'type' })}
  ${
    v.updates.length === 0
      ? listEmpty(
          'no-ota-updates',
          '/app/ota-updates',
          v.q,
          html`No OTA updates yet. Start one for a robot or a cohort with a <a href="/app/batch-operations">batch operation</a> or <code>POST /api/v1/operator/ota_updates</code>.`,
        )
      : html`<table id="ota-updates"><thead><tr><th scope="col">Robot</th><th scope="col">Update</th><th scope="col">Status</th><th scope="col">Detail</th><th scope="col">Created</th><th scope="col">Finished</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  ${listPager('/app/ota-updates', v.q, v.updates.length, v.total)}
</section>`,
  );
}
