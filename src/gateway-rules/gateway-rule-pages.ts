import { dangerButton, when, pageMessages } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { DEFAULT_PRIORITY, GATEWAY_EFFECTS, type GatewayRuleDto, PRIORITY_MAX, PRIORITY_MIN } from './dto/gateway-rule.dto';
import type { ConsoleChrome } from '../core/pages/layout';

export const GATEWAY_RULES_PAGE = '/app/gateway-rules';
export const rulePath = (id: string) => `${GATEWAY_RULES_PAGE}/${id}`;

/** A rule form's values as typed (a refusal shows them again). */
export interface RuleForm {
  action?: string;
  effect?: string;
  priority?: string;
  description?: string;
}

interface RulePageBase {
  chrome: ConsoleChrome;
  notice?: string;
  error?: string;
}

const effectLabel = (e: string) => e.replace(/_/g, ' ');

/** The fields of the create and edit forms (`f` holds what was typed, or the rule's values). */
const ruleFields = (
  f: RuleForm,
) => html`<label for="rule-action">Action (a glob: * any run of characters, ? one)</label><input id="rule-action" name="action" type="text" required maxlength="200" placeholder="payments.*" value="${f.action ?? ''}">
    <label for="rule-effect">Effect</label><select id="rule-effect" name="effect">${GATEWAY_EFFECTS.map(
      (e) => html`<option value="${e}"${e === f.effect ? html` selected` : ''}>${effectLabel(e)}</option>`,
    )}</select>
    <label for="rule-priority">Priority (${PRIORITY_MIN}-${PRIORITY_MAX}; lower applies first)</label><input id="rule-priority" name="priority" type="number" min="${PRIORITY_MIN}" max="${PRIORITY_MAX}" value="${f.priority ?? String(DEFAULT_PRIORITY)}">
    <label for="rule-description">Description (optional)</label><input id="rule-description" name="description" type="text" maxlength="500" value="${f.description ?? ''}">`;

export interface GatewayRulesPageView extends RulePageBase {
  rules: GatewayRuleDto[];
  form?: RuleForm;
}

/** /app/gateway-rules: the rules in the order checks apply them; create, edit, delete (owners and admins). */
export function gatewayRulesPage(v: GatewayRulesPageView): SafeHtml {
  const rows = v.rules.map(
    (r) =>
      html`<tr data-rule-id="${r.id}"><td>${r.priority}</td><td><code>${r.action}</code>${r.description ? html`<br><small>${r.description}</small>` : ''}</td>
<td class="effect">${effectLabel(r.effect)}</td><td>${when(r.updated_at)}</td><td><a href="${rulePath(r.id)}" id="edit-${r.id}">Edit</a>
${dangerButton(`${rulePath(r.id)}/delete`, 'Delete', `Delete the rule ${r.action} (${effectLabel(r.effect)})? Checks stop applying it at once.`, { id: `delete-${r.id}` })}</td></tr>`,
  );
  return layout(
    { title: 'Gateway rules', chrome: v.chrome, current: GATEWAY_RULES_PAGE },
    html`<section class="panel" aria-labelledby="rules-title">
  <h1 id="rules-title">Gateway rules</h1>
  ${pageMessages(v)}
  <p>Before acting, an agent asks <code>POST /api/v1/gateway/check</code>: the first rule whose glob matches the action decides, by ascending priority (ties: the older first). With no match the action is allowed.</p>
  ${
    v.rules.length === 0
      ? html`<p id="no-rules">No gateway rules yet: every action is allowed. Add one below, for example <code>payments.*</code> → require approval.</p>`
      : html`<table id="gateway-rules"><thead><tr><th scope="col">Priority</th><th scope="col">Action</th><th scope="col">Effect</th><th scope="col">Changed</th><th scope="col"><span class="skip">Actions</span></th></tr></thead><tbody>${rows}</tbody></table>`
  }
</section>
<section class="panel" aria-labelledby="new-rule-title"><h2 id="new-rule-title">New rule</h2>
  <form method="post" action="${GATEWAY_RULES_PAGE}">
    ${ruleFields(v.form ?? {})}
    <p><button type="submit" id="create-rule">Create rule</button></p>
  </form></section>`,
  );
}

export interface GatewayRulePageView extends RulePageBase {
  rule: GatewayRuleDto;
  form?: RuleForm;
}

/** /app/gateway-rules/:id: one rule's edit form. */
export function gatewayRulePage(v: GatewayRulePageView): SafeHtml {
  const r = v.rule;
  const f = v.form ?? { action: r.action, effect: r.effect, priority: String(r.priority), description: r.description ?? '' };
  return layout(
    { title: `Gateway rule ${r.action}`, chrome: v.chrome, current: GATEWAY_RULES_PAGE },
    html`<section class="panel" aria-labelledby="rule-title">
  <h1 id="rule-title">Rule <code>${r.action}</code></h1>
  ${pageMessages(v)}
  <p>Created ${when(r.inserted_at)}, changed ${when(r.updated_at)}.</p>
  <form method="post" action="${rulePath(r.id)}">
    ${ruleFields(f)}
    <p><button type="submit" id="save-rule">Save rule</button> <a href="${GATEWAY_RULES_PAGE}">Cancel</a></p>
  </form>
</section>`,
  );
}
