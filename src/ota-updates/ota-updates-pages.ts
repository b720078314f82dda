import { canManage, type OperatorRole } from '../auth';
import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { OPEN_OTA_STATUSES } from './ota-status';
import type { ConsoleChrome } from '../core/pages/layout';
import type { OtaUpdateDto } from './dto/ota-update.dto';

/** /app/ota-updates: newest first, with what each robot reported; owners and admins cancel open ones. */
export function otaUpdatesPage(v: { chrome: ConsoleChrome; role: OperatorRole; updates: OtaUpdateDto[] }): SafeHtml {
  const rows = v.updates.map(
    (o) =>
      html`<tr data-ota-update-id="${o.id}"><td><code>${o.robot_id.slice(0, 8)}</code></td><td>${o.update_type} ${o.version}</td>
<td class="status">${o.status}</td><td>${o.detail ?? ''}</td><td>${when(o.inserted_at)}</td><td>${when(o.finished_at, '')}</td>
<td>${OPEN_OTA_STATUSES.includes(o.status) && canManage(v.role) ? dangerButton(`/app/ota-updates/${o.id}/cancel`, 'Cancel', `Cancel the ${o.update_type} update to ${o.version}? The robot is told to stop it.`, { id: `cancel-${o.id}` }) : ''}</td></tr>`,
  );
  return layout(
    { title: 'OTA updates', chrome: v.chrome, current: '/app/ota-updates' },
    html`<section class="panel" aria-labelledby="ota-title">
  <h1 id="ota-title">OTA updates</h1>
  <p>Each update goes to its robot as an <code>ota_update</code> command; the robot reports downloading, installing, then succeeded or failed.</p>
  ${
    v.updates.length === 0
      ? html`<p id="no-ota-updates">No OTA updates.</p>`
      : html`<table id="ota-updates"><thead><tr><th scope="col">Robot</th><th scope="col">Update</th><th scope="col">Status</th><th scope="col">Detail</th><th scope="col">Created</th><th scope="col">Finished</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
