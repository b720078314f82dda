import type { AuditRow } from './audit-events.repository';
import type { AuditEventDto } from './dto/audit-event.dto';

/** A row as clients see it (API.md's shape): the one mapping. */
export const toAuditEventDto = (r: AuditRow): AuditEventDto => ({
  id: r.id,
  occurred_at: r.occurred_at,
  workspace_id: r.workspace_id,
  action: r.action,
  outcome: r.outcome,
  actor: { type: r.actor_type, id: r.actor_id, label: r.actor_label },
  target: r.target_type === null ? null : { type: r.target_type, id: r.target_id, label: r.target_label },
  ip: r.ip,
  user_agent: r.user_agent,
  request_id: r.request_id,
  changes: r.changes,
  hash: r.hash,
  prev_hash: r.prev_hash,
});
