import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { refusalReason, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { WORKSPACE_ROW } from '../identity';
import { ENROLLMENT_TOKEN_SLOTS } from './enrollment-rules';
import type { ServiceAgentStatus } from '../agents';
import type { MachineScope } from '../auth';
import type { PlanLimits, WorkspaceRow, WorkspaceStatus } from '../identity';

export interface NewClaim {
  enrollmentTokenId: string;
  serviceAgentId: string;
  robotId: string | null;
  serialNumber: string | null;
  claimedAt: Date;
  /** Whether the claim created its robot (counted toward the robot quota), not bound a pending one. */
  addsRobot: boolean;
  /** The device's claim_id, which makes the claim replayable (ADR 0232), and its answer's key. */
  claimId: string | null;
  credentialId: string;
}

/** The constraint that lets one claim_id name one claim of a token. */
export const CLAIM_ID_UNIQUE_CONSTRAINT = 'enrollment_claims_claim_id_key';

/** An earlier claim as a replay finds it, locked with the key of its newest answer (lockForReplay). */
export interface ReplayedClaim {
  serviceAgentId: string;
  robotId: string | null;
  credentialId: string;
  /** The newest answer's key: still usable and never used, or the replay is refused. */
  credentialReplayable: boolean;
  credentialScopes: MachineScope[];
  agent: { id: string; name: string; slug: string; status: ServiceAgentStatus };
  workspace: WorkspaceRow;
}

/** How the counted end locks the workspace row: SHARE with no quota to count, NO KEY UPDATE to count one. */
export type WorkspaceLock = 'SHARE' | 'NO KEY UPDATE';

/** SQL of the claim transaction beyond tokens and robots. */
@Injectable()
export class EnrollmentClaimsRepository {
  /**
   * The counted end of a claim, in one statement and in this order: one more claim on the token
   * (if it still takes one at `now`: not revoked, room in a slot, not expired), the claim record, and
   * the claiming workspace with its plan's limits, its row locked in `lock` mode. FOR NO KEY
   * UPDATE when a quota is counted next (claims and other creations of the workspace count one at
   * a time, QuotasService); FOR SHARE otherwise: claims of one workspace share it, and it still
   * excludes a status or plan change until they commit. The statement fails (refuse_if, see
   * claimRefusal) when the token refuses (`token`), the workspace does not accept traffic
   * (`workspace:<status>`), or, under FOR SHARE, the plan now has a quota on what the claim adds
   * (`plan`): it can go out with the COMMIT in one write, and a failure rolls the claim back.
   */
  finish(m: Tx, c: NewClaim, now: Date, lock: WorkspaceLock): Promise<WorkspaceRow & PlanLimits> {
    // issued at the call: a pipelined transaction sends it at once
    return m.one(FINISH[lock], [
      c.enrollmentTokenId,
      now,
      c.serviceAgentId,
      c.robotId,
      c.serialNumber,
      c.claimedAt,
      lock === 'SHARE',
      c.addsRobot,
      randomInt(ENROLLMENT_TOKEN_SLOTS),
      c.claimId,
      c.credentialId,
    ]);
  }

  /**
   * A replay's read of its earlier claim (ADR 0232), none when its newest answer's key is gone:
   * the claim record locked FOR UPDATE, then that key FOR NO KEY UPDATE (so concurrent replays of one claim go one at a time, and a first
   * use of the key, which locks its row too, is either before, and seen, or after, and refused),
   * the agent, and the workspace FOR SHARE (its status cannot change until the replay commits).
   */
  async lockForReplay(m: Tx, claimRecordId: string): Promise<ReplayedClaim | undefined> {
    // The record first, on its own: a replay that waited here for another to commit reads the new
    // answer's key in the next statement's snapshot. Locked together in one statement, the
    // re-check of the updated record (Postgres's EvalPlanQual) joined it to the old key and
    // found no row: a concurrent replay answered 409.
    if (!(await m.maybe(LOCK_CLAIM_RECORD, [claimRecordId]))) return undefined;
    const r = await m.maybe(LOCK_FOR_REPLAY, [claimRecordId]);
    if (!r) return undefined;
    return {
      serviceAgentId: r.service_agent_id,
      robotId: r.robot_id,
      credentialId: r.credential_id,
      credentialReplayable: r.credential_replayable,
      credentialScopes: r.credential_scopes,
      agent: { id: r.service_agent_id, name: r.agent_name, slug: r.agent_slug, status: r.agent_status },
      workspace: { id: r.id, name: r.name, slug: r.slug, status: r.status, plan: r.plan },
    };
  }

  /** The replay's answer is now the claim's newest: its key is the one the next replay checks. */
  async setAnswer(m: Tx, claimRecordId: string, credentialId: string): Promise<void> {
    await m.run(SET_CLAIM_ANSWER, [claimRecordId, credentialId]);
  }
}

const LOCK_CLAIM_RECORD = statement({
  label: 'lock_enrollment_claim',
  text: `SELECT id FROM enrollment_claims WHERE id = $1 FOR UPDATE`,
  params: [t.uuid],
  row: { id: t.uuid },
});

const LOCK_FOR_REPLAY = statement({
  label: 'lock_enrollment_claim_for_replay',
  text: `SELECT ec.service_agent_id, ec.robot_id, ec.credential_id,
                c.status = 'usable' AND c.first_used_at IS NULL AS credential_replayable, c.scopes AS credential_scopes,
                a.name AS agent_name, a.slug AS agent_slug, a.status AS agent_status,
                w.id, w.name, w.slug, w.status, w.plan
           FROM enrollment_claims ec
           JOIN service_agents a ON a.id = ec.service_agent_id
           JOIN workspaces w ON w.id = ec.workspace_id
           JOIN api_credentials c ON c.id = ec.credential_id
          WHERE ec.id = $1
            FOR NO KEY UPDATE OF c FOR SHARE OF w`,
  params: [t.uuid],
  row: {
    service_agent_id: t.uuid,
    robot_id: t.uuid.null,
    credential_id: t.uuid,
    credential_replayable: t.bool,
    credential_scopes: t.textArray.of<MachineScope[]>(),
    agent_name: t.text,
    agent_slug: t.text,
    agent_status: t.text.of<ServiceAgentStatus>(),
    ...WORKSPACE_ROW,
  },
});

const SET_CLAIM_ANSWER = statement({
  label: 'set_enrollment_claim_answer',
  text: `UPDATE enrollment_claims SET credential_id = $2 WHERE id = $1`,
  params: [t.uuid, t.uuid],
});

/**
 * Why the end of a claim refused, from the statement's error: `token` (it takes no more claims
 * now), `workspace` with the status under lock, `plan` (it gained a quota since the claim read
 * it); undefined for any other error.
 */
export function claimRefusal(err: unknown): { reason: 'token' | 'plan' } | { reason: 'workspace'; status: WorkspaceStatus } | undefined {
  const reason = refusalReason(err);
  if (reason === `${REFUSED}token` || reason === `${REFUSED}plan`) return { reason: reason.slice(REFUSED.length) as 'token' | 'plan' };
  if (reason?.startsWith(`${REFUSED}workspace:`))
    return { reason: 'workspace', status: reason.slice(`${REFUSED}workspace:`.length) as WorkspaceStatus };
  return undefined;
}

const REFUSED = 'enrollment_claim_refused:';

/**
 * The token is counted first, in one of its slots (migrations/1763700044000-EnrollmentTokenSlots.ts):
 * the first slot with room in the statement's snapshot, in order from a random one ($9), so that
 * claims of one token spread over its slots and those counting in different slots do not wait
 * for each other. Under READ COMMITTED the UPDATE that finds that slot updated by a claim still
 * in flight waits for it, then evaluates its WHERE again on the version that committed: a slot
 * that filled meanwhile refuses (`token`), and the claim reads again and picks another slot
 * (EnrollmentClaimService), so a claim is refused for good only when every slot is full (or
 * closed by a revoke, which updates them all), and no slot, so no token, ever counts more than
 * its capacity (the CHECK on claims_count is the backstop). A claim locks one slot and no other:
 * passing on to the next slot with room inside the statement (a locking read with LIMIT) keeps
 * the locks of the slots passed over, and claims passing over slots in different orders
 * deadlocked. Expiry and revocation are read from the token's row without a lock (a revoke also
 * closes the slots, so it serializes with the claims through them). The claim record is inserted
 * after the count because its foreign key locks the token row FOR KEY SHARE, best taken as late
 * as possible. The workspace row is locked last, when the inserted record reaches it; never FOR
 * UPDATE, which conflicts with the FOR KEY SHARE locks other claims' inserts hold on it and
 * would deadlock two claims. The plan's limits are joined after the lock, on the plan the locked
 * row has: joined inside the locking query, a plan changed while the claim waited for the row
 * failed the re-checked join condition (the new plan against the old plan's row), the row
 * dropped out and the claim read as refused by its token, a 500.
 */
function finishSql(lock: WorkspaceLock): string {
  return `WITH counted AS (
      UPDATE enrollment_token_slots s SET claims_count = s.claims_count + 1
        FROM enrollment_tokens t
       WHERE s.token_id = $1
         AND s.slot = (SELECT c.slot FROM enrollment_token_slots c WHERE c.token_id = $1 AND c.claims_count < c.capacity
                        ORDER BY (c.slot + $9::int) % ${ENROLLMENT_TOKEN_SLOTS} LIMIT 1)
         AND s.claims_count < s.capacity
         AND t.id = s.token_id AND t.revoked_at IS NULL AND t.expires_at > $2
      RETURNING t.id, t.workspace_id
    ), recorded AS (
      INSERT INTO enrollment_claims (workspace_id, enrollment_token_id, service_agent_id, robot_id, serial_number, claimed_at, claim_id, credential_id)
      SELECT workspace_id, id, $3, $4, $5, $6, $10, $11 FROM counted
      RETURNING workspace_id
    ), locked AS (
      SELECT w.id, w.name, w.slug, w.status, w.plan
        FROM recorded JOIN workspaces w ON w.id = recorded.workspace_id
         FOR ${lock} OF w
    )
    SELECT locked.id, locked.name, locked.slug, locked.status, locked.plan, p.max_service_agents, p.max_robots,
           refuse_if(CASE
             WHEN locked.id IS NULL THEN '${REFUSED}token'
             WHEN locked.status <> 'active' THEN '${REFUSED}workspace:' || locked.status
             WHEN $7 AND (p.max_service_agents IS NOT NULL OR ($8 AND p.max_robots IS NOT NULL)) THEN '${REFUSED}plan'
           END) AS accepted
      FROM (VALUES (1)) AS one LEFT JOIN locked ON true LEFT JOIN plans p ON p.slug = locked.plan`;
}

/** The counted end of a claim (finishSql), one statement per lock mode. */
const finishStatement = (label: string, lock: WorkspaceLock) =>
  statement({
    label,
    text: finishSql(lock),
    params: [t.uuid, t.timestamptz, t.uuid, t.uuid.null, t.text.null, t.timestamptz, t.bool, t.bool, t.int, t.text.null, t.uuid],
    row: { ...WORKSPACE_ROW, max_service_agents: t.int.null, max_robots: t.int.null, accepted: t.bool.null },
  });
const FINISH: Record<WorkspaceLock, ReturnType<typeof finishStatement>> = {
  SHARE: finishStatement('finish_enrollment_claim_share', 'SHARE'),
  'NO KEY UPDATE': finishStatement('finish_enrollment_claim_no_key_update', 'NO KEY UPDATE'),
};
