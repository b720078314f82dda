import { notNamedWebhookOnlySql } from '../events';
/**
 * What the observability search reads, declared once: each kind's table (with its generated
 * `search` tsvector column and GIN index, see the migrations), the hit's title, and the text its
 * snippet is cut from. SQL fragments refer to the table through `alias`; they are constants, never
 * built from input.
 */
export interface SearchSource {
  kind: string;
  table: string;
  alias: string;
  title: string;
  document: string;
  /** More of the WHERE clause, if the table holds rows the search must not show. */
  where?: string;
}

export const SEARCH_SOURCES = [
  { kind: 'trace', table: 'traces', alias: 't', title: 't.name', document: `concat_ws(' ', t.name, t.trace_id, t.attributes::text)` },
  { kind: 'message', table: 'messages', alias: 'm', title: `coalesce(m.channel, 'message')`, document: 'm.body' },
  { kind: 'agent_command', table: 'agent_commands', alias: 'c', title: 'c.name', document: `concat_ws(' ', c.name, c.payload::text)` },
  {
    kind: 'security_violation',
    table: 'security_violations',
    alias: 'v',
    title: `replace(v.kind, '_', ' ') || ' (' || v.severity || ')'`,
    document: `concat_ws(' ', v.kind, v.severity, v.detail::text)`,
  },
  { kind: 'event', table: 'domain_events', alias: 'e', title: 'e.type', document: 'e.data::text', where: notNamedWebhookOnlySql('e.type') },
] as const satisfies readonly SearchSource[];

/** API.md: trace, message, agent_command, security_violation, event. */
export const SEARCH_KINDS = SEARCH_SOURCES.map((s) => s.kind);
export type SearchKind = (typeof SEARCH_KINDS)[number];
