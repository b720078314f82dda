import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { when, pageMessages } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { AgentCommandDto } from './dto/agent-command.dto';

export const COMMANDS_PAGE = '/app/commands';
/** An agent's page (the console's, src/console/agent-pages.ts). */
const agentPage = (id: string) => `/app/agents/${id}`;
const RESULT_SHOWN = 200;

export interface CommandsPageView {
  chrome: ConsoleChrome;
  q: ListQuery;
  commands: AgentCommandDto[];
  /** names of the commands' agents, by id */
  agentNames: ReadonlyMap<string, string>;
  /** the active agents a command may be sent to (the form's choices) */
  targets: readonly { id: string; name: string }[];
  notice?: string;
  error?: string;
  form?: { service_agent_id?: string; name?: string; payload?: string };
}

/** What the agent reported, as short JSON (the page is no place for a whole log). */
function result(c: AgentCommandDto): string {
  if (c.result === null || c.result === undefined) return c.status === 'pending' || c.status === 'delivered' ? 'waiting' : '—';
  const text = JSON.stringify(c.result);
  return text.length > RESULT_SHOWN ? `${text.slice(0, RESULT_SHOWN)}…` : text;
}

const commandRow = (c: AgentCommandDto, names: ReadonlyMap<string, string>) =>
  html`<tr data-command-id="${c.id}"><td><strong>${c.name}</strong></td><td><a href="${agentPage(c.service_agent_id)}">${names.get(c.service_agent_id) ?? 'an agent'}</a></td>
<td class="status">${c.status}</td><td><code>${result(c)}</code></td><td>${when(c.inserted_at)}</td><td>${when(c.updated_at)}</td></tr>`;

/** /app/commands: the workspace's agent commands newest first, by status; any member sends one. */
export function commandsPage(v: CommandsPageView): SafeHtml {
  const f = v.form ?? {};
  const form =
    v.targets.length === 0
      ? html`<p id="no-targets">No active service agent to send a command to: <a href="/app/agents">create or reactivate one</a> first.</p>`
      : html`<form method="post" action="${COMMANDS_PAGE}">
    <label for="command-agent">Agent</label><select id="command-agent" name="service_agent_id" required>${v.targets.map(
      (a) => html`<option value="${a.id}"${a.id === f.service_agent_id ? html` selected` : ''}>${a.name}</option>`,
    )}</select>
    <label for="command-name">Command</label><input id="command-name" name="name" type="text" required maxlength="100" placeholder="reboot" value="${f.name ?? ''}">
    <label for="command-payload">Payload (a JSON object; blank: {})</label><textarea id="command-payload" name="payload" rows="3">${f.payload ?? ''}</textarea>
    <p><button type="submit" id="send-command">Send command</button></p>
  </form>`;
  return layout(
    { title: 'Commands', chrome: v.chrome, current: COMMANDS_PAGE },
    html`<section class="panel" aria-labelledby="commands-title">
  <h1 id="commands-title">Commands</h1>
  ${pageMessages(v)}
  <p>A command is pushed at once to the agent's live sockets, and handed out again with every <code>ready</code> until the agent reports a result.</p>
  ${listFilterForm(COMMANDS_PAGE, v.q)}
  ${
    v.commands.length === 0
      ? listEmpty('no-commands', COMMANDS_PAGE, v.q, 'No commands yet: send one below.')
      : html`<table id="commands"><thead><tr><th scope="col">Command</th><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">Result</th><th scope="col">Sent</th><th scope="col">Updated</th></tr></thead>
<tbody>${v.commands.map((c) => commandRow(c, v.agentNames))}</tbody></table>`
  }
  ${listPager(COMMANDS_PAGE, v.q, v.commands.length)}
</section>
<section class="panel" aria-labelledby="send-title"><h2 id="send-title">Send a command</h2>
  ${form}
</section>`,
  );
}
