import { ENGAGEMENT_SCOPES, PARTNER_SCOPES } from '../auth';
import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { shownOnceMissing, type TakenSecrets } from '../sessions';
import type { ConsoleChrome } from '../core/pages/layout';
import type { EngagementDto, EngagementEventDto } from './dto/engagement.dto';
import type { PartnerListDto, PartnerSummaryDto } from './dto/partner.dto';

const checkboxes = (name: string, all: readonly string[], checked: readonly string[], idPrefix: string) =>
  all.map(
    (s) =>
      html`<label style="display:inline;font-weight:normal;margin-right:1rem"><input type="checkbox" name="${name}" value="${s}" id="${idPrefix}-${s.replace(/:/g, '-')}" ${checked.includes(s) ? new SafeHtml('checked') : ''}> ${s}</label>`,
  );

/** The key an issue or rotation just made (`key`, and `partner` its name), once; or why it is not shown. */
const shownOnceKey = (shown: TakenSecrets) =>
  shown.secrets?.key
    ? html`<div role="status" class="panel"><p><strong>Copy the key of ${shown.secrets.partner} now. It will not be shown again.</strong></p>
<code class="secret" id="new-partner-key">${shown.secrets.key}</code></div>`
    : shownOnceMissing(shown, 'partner key', 'If it was not copied, rotate the key again.');

/** /admin/partners: issue, scope, rotate, suspend and reinstate partner keys (platform admins). */
export function adminPartnersPage(chrome: ConsoleChrome, list: PartnerListDto, shown: TakenSecrets = {}): SafeHtml {
  const { partners, pagination: p } = list;
  const rows = partners.map(
    (pt) =>
      html`<tr data-partner-id="${pt.id}">
  <td>${pt.name}<br><small><code>${pt.key_prefix}</code></small></td>
  <td class="status">${pt.status}</td>
  <td class="last-used">${when(pt.last_used_at)}</td>
  <td>
    <form method="post" action="/admin/partners/${pt.id}">
      <label for="name-${pt.id}">Name</label><input type="text" id="name-${pt.id}" name="name" value="${pt.name}" maxlength="120">
      <div>${checkboxes('scopes', PARTNER_SCOPES, pt.scopes, `scope-${pt.id}`)}</div>
      <button type="submit">Save</button>
    </form>
    <form method="post" action="/admin/partners/${pt.id}/rotate">
      <label for="grace-${pt.id}">Grace period for the old key (seconds, 0 to 604800)</label>
      <input type="text" inputmode="numeric" id="grace-${pt.id}" name="grace_period_seconds" value="0">
      <button type="submit" class="danger">Rotate key</button>
    </form>
    ${
      pt.status === 'active'
        ? dangerButton(
            `/admin/partners/${pt.id}/suspend`,
            'Suspend',
            `Suspend ${pt.name}? Its keys and every engagement token are refused until it is reinstated.`,
            { id: `suspend-${pt.id}` },
          )
        : html`<form method="post" action="/admin/partners/${pt.id}/reinstate"><button type="submit">Reinstate</button></form>`
    }
  </td>
</tr>`,
  );
  return layout(
    { title: 'Partners', chrome, current: '/admin/partners' },
    html`${shownOnceKey(shown)}
<section class="panel" aria-labelledby="issue-title">
  <h1 id="issue-title">Issue a partner key</h1>
  <form method="post" action="/admin/partners">
    <label for="partner-name">Partner name</label><input type="text" id="partner-name" name="name" maxlength="120" required>
    <div>${checkboxes('scopes', PARTNER_SCOPES, PARTNER_SCOPES, 'new-scope')}</div>
    <button type="submit" id="issue-partner">Issue key</button>
  </form>
</section>
<section class="panel" aria-labelledby="partners-title">
  <h2 id="partners-title">Partners</h2>
  ${
    partners.length === 0
      ? html`<p>No partners yet.</p>`
      : html`<table><thead><tr><th scope="col">Partner</th><th scope="col">Status</th><th scope="col">Last used</th><th scope="col">Scopes and actions</th></tr></thead>
  <tbody>${rows}</tbody></table>`
  }
  <nav aria-label="Pages"><p>${partners.length ? p.offset + 1 : 0}-${p.offset + partners.length} of ${p.total}
  ${p.offset > 0 ? html` <a href="/admin/partners?offset=${Math.max(0, p.offset - p.limit)}&amp;limit=${p.limit}" rel="prev">Newer</a>` : ''}
  ${p.has_more ? html` <a href="/admin/partners?offset=${p.offset + p.limit}&amp;limit=${p.limit}" rel="next">Older</a>` : ''}</p></nav>
  <p><a href="/admin">Workspaces</a></p>
</section>`,
  );
}

/** /app/engagements: the workspace's grants to partners (owners and admins). */
export function engagementsPage(chrome: ConsoleChrome, engagements: EngagementDto[], partners: PartnerSummaryDto[]): SafeHtml {
  const rows = engagements.map(
    (e) =>
      html`<tr data-engagement-id="${e.id}">
  <td><a href="/app/engagements/${e.id}">${e.partner_name}</a></td>
  <td class="status">${e.status}</td>
  <td>${e.scopes.join(', ')}</td>
  <td>${when(e.inserted_at)}</td>
  <td>${
    e.status === 'active'
      ? dangerButton(
          `/app/engagements/${e.id}/revoke`,
          'Revoke',
          'Revoke this engagement? The partner loses access to this workspace at once.',
          { id: `revoke-${e.id}` },
        )
      : html`revoked ${when(e.revoked_at)}`
  }</td>
</tr>`,
  );
  return layout(
    { title: 'Partner engagements', chrome, current: '/app/engagements' },
    html`<section class="panel" aria-labelledby="grant-title">
  <h1 id="grant-title">Grant a partner access</h1>
  ${
    partners.length === 0
      ? html`<p>No partner is available.</p>`
      : html`<form method="post" action="/app/engagements">
    <label for="partner-id">Partner</label>
    <select id="partner-id" name="partner_id">${partners.map((p) => html`<option value="${p.id}">${p.name}</option>`)}</select>
    <div>${checkboxes('scopes', ENGAGEMENT_SCOPES, ENGAGEMENT_SCOPES, 'grant-scope')}</div>
    <button type="submit" id="grant-engagement">Grant</button>
  </form>`
  }
</section>
<section class="panel" aria-labelledby="engagements-title">
  <h2 id="engagements-title">Engagements</h2>
  ${
    engagements.length === 0
      ? html`<p>No engagements.</p>`
      : html`<table><thead><tr><th scope="col">Partner</th><th scope="col">Status</th><th scope="col">Scopes</th><th scope="col">Granted</th><th scope="col">Actions</th></tr></thead>
  <tbody>${rows}</tbody></table>`
  }
  <p><small>Revoking ends every token the partner minted under the engagement at once.</small></p>
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}

/** /app/engagements/:id: one engagement and its latest events. */
export function engagementEventsPage(chrome: ConsoleChrome, engagement: EngagementDto, events: EngagementEventDto[]): SafeHtml {
  return layout(
    { title: `Engagement of ${engagement.partner_name}`, chrome, current: '/app/engagements' },
    html`<section class="panel" aria-labelledby="engagement-title">
  <h1 id="engagement-title">${engagement.partner_name}</h1>
  <p>Status <strong class="status">${engagement.status}</strong>; scopes ${engagement.scopes.join(', ')}</p>
  <h2>Latest events</h2>
  ${
    events.length === 0
      ? html`<p>No events yet.</p>`
      : html`<table><thead><tr><th scope="col">Kind</th><th scope="col">Payload</th><th scope="col">Received</th></tr></thead>
  <tbody>${events.map(
    (v) =>
      html`<tr data-event-id="${v.id}"><td>${v.kind}</td><td><code>${JSON.stringify(v.payload)}</code></td><td>${when(v.inserted_at)}</td></tr>`,
  )}</tbody></table>`
  }
  <p><a href="/app/engagements">All engagements</a></p>
</section>`,
  );
}
