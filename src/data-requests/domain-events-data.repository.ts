import { Injectable } from '@nestjs/common';
import { type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';

/**
 * The ids an event must mention to be about a subject: its robots, agents and operators, and the
 * keys of its agents (api_key.revoked names only the key).
 */
const MENTIONED = `WITH ids AS (
  SELECT unnest($2::text[]) AS id
  UNION SELECT c.id::text FROM api_credentials c WHERE c.workspace_id = $1 AND c.service_agent_id = ANY($3::uuid[]))`;
const ABOUT = `e.workspace_id = $1 AND EXISTS (SELECT 1 FROM ids WHERE strpos(e.data::text, ids.id) > 0)`;
/** The workspace, the subject's ids, and its agents' ids (for their keys). */
const ABOUT_PARAMS = [t.uuid, t.textArray, t.uuidArray] as const;

/** A page of the events about the subject, by id, after $4. */
const EXPORT_EVENTS = statement({
  label: 'export_domain_events_about_subject',
  text: `${MENTIONED}
       SELECT e.id, e.type, e.data, e.inserted_at FROM domain_events e
        WHERE ${ABOUT} AND ($4::uuid IS NULL OR e.id > $4::uuid)
        ORDER BY e.id LIMIT ${EXPORT_PAGE_SIZE}`,
  params: [...ABOUT_PARAMS, t.uuid.null],
  row: { id: t.uuid, type: t.text, data: t.json, inserted_at: t.timestamptz },
});

/**
 * Erasure: every event mentioning the subject keeps its id, type and time, and `data` becomes
 * `{ "erased": true }`; except the record of data requests themselves (`data_request.completed`
 * holds ids and states only), kept to account for the erasure.
 */
const ERASE_EVENTS = statement({
  label: 'erase_domain_events_about_subject',
  text: `${MENTIONED}
       UPDATE domain_events e SET data = '{"erased": true}'::jsonb
        WHERE ${ABOUT} AND e.type <> 'data_request.completed' AND e.data <> '{"erased": true}'::jsonb`,
  params: ABOUT_PARAMS,
});

const mentionedIds = (s: DataSubject) => [...s.robotIds, ...s.serviceAgentIds, ...s.userIds];

/**
 * Data requests: the domain events (the outbox) that mention a subject. Events are erased before
 * any other section: the events other erasures record (api_key.revoked for the keys they revoke)
 * must stay as they are. Nothing of an event stays in Redis once relayed (its publish mark holds
 * no data).
 */
@DataSubjectSection('events', { order: -1 })
@Injectable()
export class DomainEventsDataRepository implements PagedSubjectData {
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return m.rows(EXPORT_EVENTS, [s.workspaceId, mentionedIds(s), s.serviceAgentIds, after ?? null]);
  }

  async erase(m: Tx, s: DataSubject): Promise<void> {
    await m.run(ERASE_EVENTS, [s.workspaceId, mentionedIds(s), s.serviceAgentIds]);
  }
}
