import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, type DataSubjectType, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import { DATA_REQUEST_LIST, type DataRequestDto, type DataRequestKind, type DataRequestStatus } from './dto/data-request.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `r.id, r.kind, r.subject_type, r.subject_id, r.status, ${isoColumn('r', 'download_expires_at')}, r.requested_by, r.error,
  ${isoColumn('r', 'completed_at')}, ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;
const REQUEST_ROW = {
  id: t.uuid,
  kind: t.text.of<DataRequestKind>(),
  subject_type: t.text.of<DataSubjectType>(),
  subject_id: t.uuid,
  status: t.text.of<DataRequestStatus>(),
  download_expires_at: t.text.null,
  requested_by: t.uuid.null,
  error: t.text.null,
  completed_at: t.text.null,
  inserted_at: t.text,
  updated_at: t.text,
};
const CLAIMED_ROW = { ...REQUEST_ROW, workspace_id: t.uuid };

export type ClaimedRequest = DataRequestDto & { workspace_id: string };

/** Every id that stands for the subject (its robots, agents, operators). */
const subjectIds = (s: DataSubject) => [...s.robotIds, ...s.serviceAgentIds, ...s.userIds];

/**
 * A row when the subject ($1) is one of the workspace's ($2): an operator with a membership or
 * SCIM record, a visible service agent, a robot; `owner` whether an operator owns the workspace.
 */
const SUBJECT_STATE = {
  user: statement({
    label: 'data_request_subject_user',
    text: `SELECT (SELECT role FROM memberships WHERE user_id = $1 AND workspace_id = $2) = 'owner' AS owner
              WHERE EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND workspace_id = $2)
                 OR EXISTS (SELECT 1 FROM scim_users WHERE user_id = $1 AND workspace_id = $2)`,
    params: [t.uuid, t.uuid],
    row: { owner: t.bool.null },
  }),
  service_agent: statement({
    label: 'data_request_subject_service_agent',
    text: `SELECT false AS owner FROM service_agents WHERE id = $1 AND workspace_id = $2 AND NOT hidden`,
    params: [t.uuid, t.uuid],
    row: { owner: t.bool.null },
  }),
  robot: statement({
    label: 'data_request_subject_robot',
    text: `SELECT false AS owner FROM robots WHERE id = $1 AND workspace_id = $2`,
    params: [t.uuid, t.uuid],
    row: { owner: t.bool.null },
  }),
} satisfies Record<DataSubjectType, unknown>;

/** The records that stand for a robot or a service agent ($1) of the workspace ($2): the robot and its bound agent. */
const SUBJECT_RECORDS = {
  robot: statement({
    label: 'data_request_robot_records',
    text: `SELECT id AS robot_id, service_agent_id AS agent_id FROM robots WHERE id = $1 AND workspace_id = $2`,
    params: [t.uuid, t.uuid],
    row: { robot_id: t.uuid.null, agent_id: t.uuid.null },
  }),
  service_agent: statement({
    label: 'data_request_service_agent_records',
    text: `SELECT r.id AS robot_id, a.id AS agent_id FROM service_agents a LEFT JOIN robots r ON r.service_agent_id = a.id
            WHERE a.id = $1 AND a.workspace_id = $2 AND NOT a.hidden`,
    params: [t.uuid, t.uuid],
    row: { robot_id: t.uuid.null, agent_id: t.uuid.null },
  }),
};

const INSERT = statement({
  label: 'insert_data_request',
  text: `INSERT INTO data_requests AS r (workspace_id, kind, subject_type, subject_id, requested_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text.of<DataRequestKind>(), t.text.of<DataSubjectType>(), t.uuid, t.uuid],
  row: REQUEST_ROW,
});

const FIND = statement({
  label: 'find_data_request',
  text: `SELECT ${COLUMNS} FROM data_requests r WHERE r.id = $1 AND r.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: REQUEST_ROW,
});

const DATA_REQUESTS = listStatements(DATA_REQUEST_LIST, {
  label: 'list_data_requests',
  columns: COLUMNS,
  from: 'data_requests',
  alias: 'r',
  scope: 'r.workspace_id = $1',
  params: [t.uuid],
  row: REQUEST_ROW,
});

/** A pending (or interrupted) request taken for processing; no row when it is finished or gone. */
const CLAIM = statement({
  label: 'claim_data_request',
  text: `UPDATE data_requests AS r SET status = 'processing', updated_at = now()
        WHERE r.id = $1 AND r.status IN ('pending', 'processing') RETURNING ${COLUMNS}, r.workspace_id`,
  params: [t.uuid],
  row: CLAIMED_ROW,
});

/** A request ends: completed ($3 its time, $4 an export's end of download) or failed ($5 why). */
const FINISH = statement({
  label: 'finish_data_request',
  text: `UPDATE data_requests AS r SET status = $2, completed_at = CASE WHEN $2 = 'completed' THEN $3::timestamptz END,
              download_expires_at = $4, error = $5, updated_at = now()
        WHERE r.id = $1 RETURNING ${COLUMNS}, r.workspace_id`,
  params: [t.uuid, t.text.of<'completed' | 'failed'>(), t.timestamptz, t.timestamptz.null, t.text.null],
  row: CLAIMED_ROW,
});

const DELETE_PARTS = statement({
  label: 'delete_data_request_export_parts',
  text: `DELETE FROM data_request_export_parts WHERE data_request_id = $1`,
  params: [t.uuid],
});

/** One part of an export's document; $4 is the JSON text of its items. */
const INSERT_PART = statement({
  label: 'insert_data_request_export_part',
  text: `INSERT INTO data_request_export_parts (data_request_id, seq, section, items) VALUES ($1, $2, $3, $4::jsonb)`,
  params: [t.uuid, t.int, t.text, t.json],
});

/** Whether an export still has its document. */
const HAS_PARTS = statement({
  label: 'data_request_has_export_parts',
  text: `SELECT 1 FROM data_request_export_parts WHERE data_request_id = $1 LIMIT 1`,
  params: [t.uuid],
  row: { '?column?': t.int },
});

const PARTS = statement({
  label: 'data_request_export_parts',
  text: `SELECT seq, section, items FROM data_request_export_parts WHERE data_request_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
  params: [t.uuid, t.int, t.bigint],
  row: { seq: t.int, section: t.text, items: t.json.of<unknown[]>() },
});

/** The documents of exports whose download period is over, by the database's clock. */
const PURGE_EXPIRED = statement({
  label: 'purge_expired_data_request_exports',
  text: `DELETE FROM data_request_export_parts p USING data_requests r
        WHERE p.data_request_id = r.id AND r.download_expires_at <= now() RETURNING p.data_request_id`,
  params: [],
  row: { data_request_id: t.uuid },
});

/** Unfinished requests untouched for $1 seconds (their job may never have been queued). */
const STALLED = statement({
  label: 'stalled_data_requests',
  text: `SELECT id FROM data_requests WHERE status IN ('pending', 'processing') AND updated_at < now() - make_interval(secs => $1)
        ORDER BY updated_at LIMIT $2`,
  params: [t.float, t.bigint],
  row: { id: t.uuid },
});

/** A page of the data requests about a subject, or that the subject (an operator) made; by id. */
const EXPORT_REQUESTS = keysetStatement({
  label: 'export_data_requests',
  columns: COLUMNS,
  from: 'data_requests',
  alias: 'r',
  scope: `r.workspace_id = $1 AND (r.subject_id = ANY($2::uuid[]) OR r.requested_by = ANY($3::uuid[]))`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
  row: REQUEST_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: the documents of earlier exports about the subject. */
const ERASE_EXPORT_PARTS = statement({
  label: 'erase_data_request_export_parts',
  text: `DELETE FROM data_request_export_parts WHERE data_request_id IN
         (SELECT id FROM data_requests WHERE workspace_id = $1 AND kind = 'export' AND subject_id = ANY($2::uuid[]))`,
  params: [t.uuid, t.uuidArray],
});

/** Erasure: the download period of earlier exports about the subject ends (it is set to when they completed). */
const ERASE_EXPORT_DOWNLOADS = statement({
  label: 'erase_data_request_downloads',
  text: `UPDATE data_requests SET download_expires_at = completed_at, updated_at = now()
        WHERE workspace_id = $1 AND kind = 'export' AND subject_id = ANY($2::uuid[]) AND download_expires_at > completed_at`,
  params: [t.uuid, t.uuidArray],
});

/** Erasure: an operator's name on the requests they made. */
const ERASE_REQUESTER = statement({
  label: 'erase_data_request_requester',
  text: `UPDATE data_requests SET requested_by = NULL WHERE workspace_id = $1 AND requested_by = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
});

// Data requests: earlier data requests about the subject (an erasure deletes their export documents).
/** What a page calls the subjects of its requests: an operator's name, an agent's name, a robot's name or serial. */
const SUBJECT_LABELS = statement({
  label: 'data_request_subject_labels',
  text: `SELECT u.id, u.name AS label FROM users u WHERE u.id = ANY($2::uuid[])
           AND EXISTS (SELECT 1 FROM memberships ms WHERE ms.user_id = u.id AND ms.workspace_id = $1)
         UNION ALL
         SELECT a.id, a.name FROM service_agents a WHERE a.workspace_id = $1 AND a.id = ANY($3::uuid[]) AND NOT a.hidden
         UNION ALL
         SELECT r.id, coalesce(r.name, r.serial_number) FROM robots r WHERE r.workspace_id = $1 AND r.id = ANY($4::uuid[])`,
  params: [t.uuid, t.uuidArray, t.uuidArray, t.uuidArray],
  row: { id: t.uuid, label: t.text },
});

@DataSubjectSection('data_requests')
@Injectable()
export class DataRequestsRepository implements PagedSubjectData {
  constructor(private readonly db: Db) {}

  /**
   * Whether the subject is one of the workspace's (an operator with a membership or SCIM record,
   * a visible service agent, a robot) and, for an operator, whether they own the workspace.
   */
  /** Labels of the subjects of some requests (a subject erased or gone keeps no label). */
  async subjectLabels(
    workspaceId: string,
    subjects: readonly { subject_type: DataSubjectType; subject_id: string }[],
  ): Promise<Map<string, string>> {
    if (subjects.length === 0) return new Map();
    const of = (type: DataSubjectType) => subjects.filter((x) => x.subject_type === type).map((x) => x.subject_id);
    const rows = await this.db.rows(SUBJECT_LABELS, [workspaceId, of('user'), of('service_agent'), of('robot')]);
    return new Map(rows.map((r) => [r.id, r.label]));
  }

  async subjectState(workspaceId: string, type: DataSubjectType, id: string): Promise<{ exists: boolean; owner: boolean }> {
    const row = await this.db.maybe(SUBJECT_STATE[type], [id, workspaceId]);
    return { exists: row !== undefined, owner: row?.owner === true };
  }

  /** The records that stand for the subject: a robot and its bound agent, or an agent and its robot, or an operator. */
  async resolve(workspaceId: string, type: DataSubjectType, id: string): Promise<DataSubject> {
    const subject: DataSubject = { workspaceId, type, id, robotIds: [], serviceAgentIds: [], userIds: [] };
    if (type === 'user') return { ...subject, userIds: [id] };
    const found = await this.db.maybe(SUBJECT_RECORDS[type], [id, workspaceId]);
    const row = found ?? (type === 'robot' ? { robot_id: id, agent_id: null } : { robot_id: null, agent_id: id });
    return { ...subject, robotIds: row.robot_id ? [row.robot_id] : [], serviceAgentIds: row.agent_id ? [row.agent_id] : [] };
  }

  insert(
    tx: Tx,
    r: { workspaceId: string; kind: DataRequestKind; subjectType: DataSubjectType; subjectId: string; requestedBy: string },
  ): Promise<DataRequestDto> {
    return tx.one(INSERT, [r.workspaceId, r.kind, r.subjectType, r.subjectId, r.requestedBy]);
  }

  find(workspaceId: string, id: string): Promise<DataRequestDto | undefined> {
    return this.db.maybe(FIND, [id, workspaceId]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: DataRequestDto[]; total: number }> {
    return this.db.list(DATA_REQUESTS, [workspaceId], q);
  }

  // ---- processing ----------------------------------------------------------------------------

  /** Takes a pending (or interrupted) request for processing; undefined when it is finished or gone. */
  claim(id: string): Promise<ClaimedRequest | undefined> {
    return this.db.maybe(CLAIM, [id]);
  }

  /** Ends a request (completed, or failed with the reason); returns it as it now is. */
  finish(
    tx: Tx,
    id: string,
    outcome: { status: 'completed'; at: Date; downloadExpiresAt: Date | null } | { status: 'failed'; at: Date; error: string },
  ): Promise<ClaimedRequest> {
    return tx.one(FINISH, [
      id,
      outcome.status,
      outcome.at,
      outcome.status === 'completed' ? outcome.downloadExpiresAt : null,
      outcome.status === 'failed' ? outcome.error : null,
    ]);
  }

  async deleteParts(tx: Tx, id: string): Promise<void> {
    await tx.run(DELETE_PARTS, [id]);
  }

  async insertPart(tx: Tx, id: string, seq: number, section: string, items: readonly unknown[]): Promise<void> {
    // JSON text: pg would send a JavaScript array as a Postgres array
    await tx.run(INSERT_PART, [id, seq, section, JSON.stringify(items)]);
  }

  /** Whether an export still has its document (an erasure of its subject, or the purge, deletes it). */
  async hasParts(id: string): Promise<boolean> {
    return (await this.db.maybe(HAS_PARTS, [id])) !== undefined;
  }

  /** Parts of an export from `fromSeq`, in order. */
  parts(id: string, fromSeq: number, limit: number): Promise<{ seq: number; section: string; items: unknown[] }[]> {
    return this.db.rows(PARTS, [id, fromSeq, limit]);
  }

  /** Deletes the documents of exports whose download period is over (by the database's clock); returns how many requests had parts. */
  async purgeExpired(): Promise<number> {
    const rows = await this.db.rows(PURGE_EXPIRED, []);
    return new Set(rows.map((r) => r.data_request_id)).size;
  }

  /** Unfinished requests untouched for `stalledSeconds` (their job may never have been queued). */
  stalled(stalledSeconds: number, limit: number): Promise<{ id: string }[]> {
    return this.db.rows(STALLED, [stalledSeconds, limit]);
  }

  // ---- data requests about the subject -----------------------------------------------------

  /** A page of the data requests about a subject, or that the subject (an operator) made; by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<DataRequestDto[]> {
    return m.rows(EXPORT_REQUESTS, [s.workspaceId, subjectIds(s), s.userIds, after ?? null]);
  }

  /**
   * Erasure: earlier exports about the subject hold its data, so their documents are deleted and
   * their download period ends (it is set to when they completed); an operator's name on the
   * requests they made goes.
   */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    const tx = m;
    const ids = subjectIds(s);
    await tx.run(ERASE_EXPORT_PARTS, [s.workspaceId, ids]);
    await tx.run(ERASE_EXPORT_DOWNLOADS, [s.workspaceId, ids]);
    await tx.run(ERASE_REQUESTER, [s.workspaceId, s.userIds]);
  }
}
