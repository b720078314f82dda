import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { DOMAIN_EVENT_TYPES } from '../events';
import { consoleChrome, shownOnceMissing, type OperatorPrincipal, type TakenSecrets } from '../sessions';
import { ALL_EVENT_TYPES, WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryDto, type WebhookSubscriptionDto } from '../webhooks';
import type { FieldErrors } from '../core/common/problem/problem.error';
import type { ListQuery } from '../core/listing/list-query';

/** What a subscription form shows again after a refusal. */
export interface SubscriptionForm {
  url?: string;
  description?: string | null;
  event_types?: readonly string[];
}

const NOTICES: Record<string, string> = {
  saved: 'Saved.',
  deleted: 'Subscription deleted.',
  enabled: 'Subscription enabled.',
  disabled: 'Subscription disabled.',
  retried: 'A new attempt was queued.',
};

function notice(key: string | undefined): SafeHtml | string {
  const text = key && Object.hasOwn(NOTICES, key) ? NOTICES[key] : undefined;
  return text ? html`<p class="notice" role="status" id="notice">${text}</p>` : '';
}

function errorList(errors: FieldErrors | undefined): SafeHtml | string {
  if (!errors || Object.keys(errors).length === 0) return '';
  const items = Object.entries(errors).flatMap(([field, messages]) => messages.map((m) => html`<li>${field.replace('_', ' ')}: ${m}</li>`));
  return html`<div role="alert" class="error" id="form-errors"><ul>${items}</ul></div>`;
}

function secretBox(shown: TakenSecrets = {}): SafeHtml | string {
  const secret = shown.secrets?.secret;
  return secret
    ? html`<div role="status"><p><strong>Copy this signing secret now. It will not be shown again.</strong></p><code class="secret" id="new-secret">${secret}</code></div>`
    : shownOnceMissing(shown, 'signing secret', 'If you did not copy it, rotate the secret.');
}

function eventTypeFields(selected: readonly string[]): SafeHtml {
  const boxes = [ALL_EVENT_TYPES, ...DOMAIN_EVENT_TYPES].map((type) => {
    const id = type === ALL_EVENT_TYPES ? 'event-type-all' : `event-type-${type.replace(/[^a-z0-9]/gi, '-')}`;
    const label = type === ALL_EVENT_TYPES ? 'Every event type (*)' : type;
    return html`<li><input type="checkbox" name="event_types" value="${type}" id="${id}"${selected.includes(type) ? html` checked` : ''}> <label for="${id}" style="display:inline;font-weight:400">${label}</label></li>`;
  });
  return html`<fieldset><legend>Event types</legend><ul style="list-style:none;padding:0;columns:2">${boxes}</ul></fieldset>`;
}

function subscriptionFields(form: SubscriptionForm): SafeHtml {
  return html`<label for="url">Endpoint URL</label>
  <input type="text" id="url" name="url" value="${form.url ?? ''}" placeholder="https://hooks.example.com/agent-network" required>
  <label for="description">Description (optional)</label>
  <input type="text" id="description" name="description" value="${form.description ?? ''}">
  ${eventTypeFields(form.event_types ?? [])}`;
}

const statusText = (s: WebhookSubscriptionDto) => (s.status === 'active' ? 'active' : `disabled (${s.disabled_reason ?? 'operator'})`);

/** /app/webhooks: the workspace's subscriptions and the form that adds one. */
export function webhooksPage(
  op: OperatorPrincipal,
  list: { q: ListQuery; subscriptions: WebhookSubscriptionDto[]; total: number },
  opts: { form?: SubscriptionForm; errors?: FieldErrors; notice?: string } = {},
): SafeHtml {
  const { q, subscriptions } = list;
  const rows = subscriptions.map(
    (s) =>
      html`<tr data-subscription-id="${s.id}"><td><code>${s.url}</code>${s.description ? html`<br><small>${s.description}</small>` : ''}</td>
<td>${s.event_types.join(', ')}</td><td>${statusText(s)}</td><td><a href="/app/webhooks/${s.id}">Manage</a></td></tr>`,
  );
  return layout(
    { title: 'Webhooks', chrome: consoleChrome(op), current: '/app/webhooks' },
    html`<section class="panel" aria-labelledby="webhooks-title">
  <h1 id="webhooks-title">Webhooks</h1>
  ${notice(opts.notice)}
  <p>Each event of the selected types is POSTed to the endpoint, signed as Standard Webhooks describe (see the verification guide in the service's docs).</p>
  ${listFilterForm('/app/webhooks', q)}
  ${
    subscriptions.length === 0
      ? listEmpty('no-subscriptions', '/app/webhooks', q, 'No webhook subscriptions yet: add one below.')
      : html`<table id="subscriptions"><thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  ${listPager('/app/webhooks', q, subscriptions.length, list.total)}
</section>
<section class="panel" aria-labelledby="add-title">
  <h2 id="add-title">Add a subscription</h2>
  ${errorList(opts.errors)}
  <form method="post" action="/app/webhooks">
  ${subscriptionFields(opts.form ?? {})}
  <p><button type="submit" id="create-subscription">Add subscription</button></p>
  </form>
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}

/** /app/webhooks/:id: one subscription, its settings, its secret actions and its recent deliveries. */
export function webhookPage(
  op: OperatorPrincipal,
  s: WebhookSubscriptionDto,
  deliveries: WebhookDeliveryDto[],
  opts: { shown?: TakenSecrets; form?: SubscriptionForm; errors?: FieldErrors; notice?: string; status?: string } = {},
): SafeHtml {
  const base = `/app/webhooks/${s.id}`;
  const filters = ['all', ...WEBHOOK_DELIVERY_STATUSES].map((status) => {
    const current = (opts.status ?? 'all') === status;
    return current
      ? html`<strong>${status}</strong>`
      : html`<a href="${status === 'all' ? base : `${base}?status=${status}`}">${status}</a>`;
  });
  const rows = deliveries.map(
    (d) =>
      html`<tr data-delivery-id="${d.id}"><td>${d.event_type}<br><small><code>${d.id}</code></small></td><td class="delivery-status">${d.status}</td>
<td>${d.attempts}</td><td>${d.response_status ?? '—'}</td><td>${d.last_error ?? ''}</td><td>${d.status === 'pending' ? when(d.next_attempt_at, '—') : '—'}</td><td>${when(d.inserted_at, '—')}</td>
<td><form method="post" action="${base}/deliveries/${d.id}/retry"><button type="submit" class="retry">Retry</button></form></td></tr>`,
  );
  const form = opts.form ?? { url: s.url, description: s.description, event_types: s.event_types };
  return layout(
    { title: 'Webhook subscription', chrome: consoleChrome(op), current: '/app/webhooks' },
    html`<section class="panel" aria-labelledby="subscription-title">
  <h1 id="subscription-title">Webhook subscription</h1>
  ${notice(opts.notice)}
  ${secretBox(opts.shown)}
  <dl><dt>Endpoint</dt><dd><code id="subscription-url">${s.url}</code></dd>
  <dt>Status</dt><dd id="subscription-status">${statusText(s)}</dd>
  <dt>Events</dt><dd>${s.event_types.join(', ')}</dd>
  ${s.failing_since ? html`<dt>Failing since</dt><dd>${when(s.failing_since, '—')}</dd>` : ''}
  ${s.previous_secret_expires_at ? html`<dt>Previous secret signs until</dt><dd>${when(s.previous_secret_expires_at, '—')}</dd>` : ''}
  <dt>Created</dt><dd>${when(s.inserted_at, '—')}</dd></dl>
  ${
    s.status === 'active'
      ? dangerButton(
          `${base}/status`,
          'Disable',
          `Disable the deliveries to ${s.url}? Events are no longer sent to it until it is enabled again.`,
          {
            id: 'disable-subscription',
            fields: { status: 'disabled' },
          },
        )
      : html`<form method="post" action="${base}/status" style="display:inline"><input type="hidden" name="status" value="active"><button type="submit" id="enable-subscription">Enable</button></form>`
  }
  ${dangerButton(`${base}/rotate`, 'Rotate secret', 'Rotate the signing secret? The new one is shown once; the previous one keeps signing beside it for 24 hours, then stops.', { id: 'rotate-secret' })}
  ${dangerButton(`${base}/delete`, 'Delete', `Delete the subscription to ${s.url}? Its deliveries stop and its history is gone.`, { id: 'delete-subscription' })}
  <p><small>Rotating shows a new secret once; the previous one keeps signing (a second signature) for 24 hours.</small></p>
</section>
<section class="panel" aria-labelledby="edit-title">
  <h2 id="edit-title">Settings</h2>
  ${errorList(opts.errors)}
  <form method="post" action="${base}">
  ${subscriptionFields(form)}
  <p><button type="submit" id="save-subscription">Save</button></p>
  </form>
</section>
<section class="panel" aria-labelledby="deliveries-title">
  <h2 id="deliveries-title">Recent deliveries</h2>
  <p>Show: ${filters.map((f, i) => html`${i ? ' · ' : ''}${f}`)}</p>
  ${
    deliveries.length === 0
      ? html`<p id="no-deliveries">No deliveries.</p>`
      : html`<table id="deliveries"><thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Response</th><th scope="col">Last error</th><th scope="col">Next attempt</th><th scope="col">Created</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  <p><a href="/app/webhooks">All subscriptions</a></p>
</section>`,
  );
}
