import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { AGENT_SLUG_UNIQUE_CONSTRAINT, ServiceAgentsService } from '../agents';
import { AuditLog, type AuditTarget } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { parsePrefixedSecret, secretMatches } from '../core/common/crypto/secrets';
import { isUniqueViolation } from '../core/common/problem/pg-errors';
import { Db, type PipelinedTx, refusalReason } from '../core/database/db.service';
import { ENROLLMENT_CLAIMS_METRIC } from '../core/metrics/metric-names';
import { CredentialIssuer, CredentialRevoker, assertWorkspaceAcceptsTraffic } from '../credentials';
import { Outbox, TRANSACTION_TIME } from '../events';
import { type PlanLimits, type QuotaKind, quotaLimit, QuotasService, type WorkspaceStatus } from '../identity';
import { CLAIM_ID_UNIQUE_CONSTRAINT, claimRefusal, EnrollmentClaimsRepository, type WorkspaceLock } from './enrollment-claims.repository';
import {
  assertClaimable,
  assertReplayable,
  assertRobotBindable,
  assertSerialAccepted,
  CLAIM_ATTEMPTS,
  claimOutcome,
  ClaimReruns,
  type Rerun,
  mergeTags,
  REPLAY_WINDOW_MS,
} from './enrollment-rules';
import { ClaimTarget, type EarlierClaim, EnrollmentTokensRepository } from './enrollment-tokens.repository';
import { EnrollmentConflictError, InvalidEnrollmentTokenError, RobotDecommissionedError, SerialRefusedError } from './enrollment.errors';
import { toRobotDto } from './mappers';
import { ROBOT_NOT_BINDABLE, RobotRow, RobotsRepository, SERIAL_UNIQUE_CONSTRAINTS } from './robots.repository';
import type { AuditActor } from '../auth';
import type { ClaimEnrollmentDto, ClaimResponseDto } from './dto/claim.dto';
import type { Counter } from 'prom-client';

/**
 * POST /api/v1/enrollments/claim. A refused claim leaves no row behind and keeps the token's
 * remaining claims.
 *
 * Order of checks, as a claim running alone would make them: token (401), workspace (403), token
 * state (409 revoked / claimed / exhausted, 410 expired), serial (400 required / not allowed, 410
 * decommissioned, 400 already claimed), quotas (429).
 *
 * A claim is one read and a transaction sent in one write (ADR 0074):
 * 1. read the token, its workspace and plan and the robot carrying the serial, in one unlocked
 *    statement; check the secret, then the rules in order (a refusal here answers for that
 *    statement's snapshot);
 * 2. a PipelinedTransaction, in one write: BEGIN; the agent, the robot (inserted, or the pending
 *    one bound if still pending and unchanged since step 1), the key and the access token, with
 *    ids and the robot's columns (but its timestamps, the transaction's) made here so nothing
 *    waits for an earlier answer, and no lock
 *    shared with other claims taken; the event; then in one statement the count on the token row
 *    (a conditional UPDATE, so max_claims holds under any race), the claim record, and the
 *    workspace row locked and its status re-checked. With no quota to count the COMMIT goes in
 *    the same write, so Postgres holds the token row for that statement and the commit only;
 *    with a quota the workspace row is locked FOR NO KEY UPDATE, the quotas are counted, then
 *    the claim commits.
 * An attempt that fails in step 2 (a slug or serial taken meanwhile, the robot no longer
 * pending or changed, the token taking no more claims, a plan that gained a quota) is rolled back
 * and the claim starts again at step 1, which refuses if a rule now refuses; a workspace that
 * refuses under its lock answers at once.
 */
@Injectable()
export class EnrollmentClaimService {
  constructor(
    private readonly db: Db,
    private readonly tokens: EnrollmentTokensRepository,
    private readonly robots: RobotsRepository,
    private readonly claims: EnrollmentClaimsRepository,
    private readonly agents: ServiceAgentsService,
    private readonly issuer: CredentialIssuer,
    private readonly revoker: CredentialRevoker,
    private readonly quotas: QuotasService,
    private readonly clock: Clock,
    @InjectMetric(ENROLLMENT_CLAIMS_METRIC) private readonly outcomes: Counter<string>,
    private readonly outbox: Outbox,
    private readonly audit: AuditLog,
  ) {}

  async claim(dto: ClaimEnrollmentDto): Promise<Claimed> {
    try {
      const claimed = await this.claimOnce(dto);
      this.outcomes.inc({ outcome: claimed.replayed ? 'replayed' : 'claimed' });
      return claimed;
    } catch (err) {
      this.outcomes.inc({ outcome: claimOutcome(err) });
      throw err;
    }
  }

  private async claimOnce(dto: ClaimEnrollmentDto): Promise<Claimed> {
    const parts = parsePrefixedSecret('age', dto.token);
    if (!parts) throw new InvalidEnrollmentTokenError();
    const serial = dto.serial_number;
    const claimId = dto.claim_id ?? null;
    let target = await this.tokens.findForClaim(parts.prefix, serial, dto.claim_id);
    // secretMatches hashes even for an unknown prefix (no timing tell); `!target` only narrows the type
    if (!secretMatches(parts.secret, target?.secretHash) || !target) throw new InvalidEnrollmentTokenError();
    const tokenId = target.id;
    let planChanged = false;
    const reruns = new ClaimReruns();
    for (;;) {
      if (target.earlier) return { body: await this.replay(target, target.earlier, serial), replayed: true };
      assertClaimRules(target.workspaceStatus, target, serial, this.clock.now());
      assertRobotBindable(target.robot);
      const outcome = await this.attempt(target, serial, dto.agent ?? {}, planChanged, claimId);
      if (typeof outcome !== 'string') return { body: outcome, replayed: false };
      planChanged ||= outcome === 'plan';
      if (!reruns.allow(outcome)) {
        // Only a write racing every attempt gets here: answer what a serial taken meanwhile gets.
        if (outcome === 'robot') throw new SerialRefusedError('serial_already_claimed');
        throw new Error(`enrollment claim on token ${tokenId} did not settle in ${CLAIM_ATTEMPTS} attempts (${outcome})`);
      }
      const fresh = await this.tokens.findForClaim(parts.prefix, serial, dto.claim_id);
      if (!fresh || fresh.id !== tokenId) throw new InvalidEnrollmentTokenError(); // deleted with its workspace meanwhile
      target = fresh;
    }
  }

  /**
   * A replay of the earlier claim with this claim_id (API.md Part 3, ADR 0232): the workspace's,
   * the token's and the serial's rules first (assertReplayable), then one transaction that locks
   * the claim record and its newest answer's key, refuses (409 `enrollment_claimed`) when that
   * key was used or is no longer usable, or the agent or robot are no longer the claim's, and
   * otherwise revokes the key (and so everything minted from it, on every node) and answers the
   * same agent and robot with a new key and token. Nothing is counted on the token.
   */
  private async replay(token: ClaimTarget, earlier: EarlierClaim, serial: string | undefined): Promise<ClaimResponseDto> {
    const now = this.clock.now();
    assertWorkspaceAcceptsTraffic(token.workspaceStatus);
    assertReplayable(token, earlier, serial, now);
    if (token.robot?.status === 'retired') throw new RobotDecommissionedError();
    const replayUntil = new Date(earlier.claimedAt.getTime() + REPLAY_WINDOW_MS);
    let revoked: string | undefined;
    const answer = await this.db.transaction(async (tx) => {
      const claim = await this.claims.lockForReplay(tx, earlier.id);
      if (!claim) throw new EnrollmentConflictError('enrollment_claimed');
      assertWorkspaceAcceptsTraffic(claim.workspace.status);
      const robot = claim.robotId === null ? null : await this.robots.lockById(tx, token.workspaceId, claim.robotId);
      if (robot?.status === 'retired') throw new RobotDecommissionedError();
      const stillTheClaims = claim.agent.status === 'active' && (claim.robotId === null || robot?.serviceAgentId === claim.serviceAgentId);
      if (!claim.credentialReplayable || !stillTheClaims) throw new EnrollmentConflictError('enrollment_claimed');
      await this.revoker.revokeMany(tx, token.workspaceId, [claim.credentialId]);
      revoked = claim.credentialId;
      const owner = { workspaceId: token.workspaceId, serviceAgentId: claim.serviceAgentId };
      const apiKey = await this.issuer.issueApiKey(tx, owner, claim.credentialScopes, { replayUntil });
      const accessToken = await this.issuer.issueAccessToken(
        tx,
        { credentialId: apiKey.credential_id, serviceAgentId: claim.serviceAgentId },
        claim.credentialScopes,
      );
      await Promise.all([
        this.claims.setAnswer(tx, earlier.id, apiKey.credential_id),
        this.audit.record(tx, {
          workspaceId: token.workspaceId,
          action: 'robot.claim_replay',
          actor: claimActor(claim.serviceAgentId),
          target: claimTarget(robot ?? null, claim.serviceAgentId),
          changes: { credential_id: [claim.credentialId, apiKey.credential_id] },
        }),
      ]);
      return {
        service_agent: claim.agent,
        robot: robot ? toRobotDto(robot) : null,
        api_key: apiKey,
        access_token: accessToken,
        workspace: claim.workspace,
      };
    });
    if (revoked) await this.revoker.publishCredentialChanged(revoked).catch(() => undefined); // the outbox's api_key.revoked reaches every node anyway
    return answer;
  }

  /** Step 2 of a claim: the claimed answer, or why it has to read and run again. */
  private attempt(
    token: ClaimTarget,
    serial: string | undefined,
    agentMetadata: Record<string, unknown>,
    planChanged: boolean,
    claimId: string | null,
  ): Promise<ClaimResponseDto | Rerun> {
    const existing = token.robot;
    const addsRobot = serial !== undefined && !existing;
    const quotas: QuotaKind[] = addsRobot ? ['service_agents', 'robots'] : ['service_agents'];
    const lock: WorkspaceLock = planChanged || hasQuota(token, quotas) ? 'NO KEY UPDATE' : 'SHARE';
    const agentId = randomUUID();
    const credentialId = randomUUID();
    return this.db.pipelined(async (tx) => {
      const claimedAt = this.clock.date();
      const robot = serial === undefined ? null : claimedRobot(token, serial, agentId, claimedAt);
      // One write: every row of the claim (ids made here, so no statement waits for another), the
      // event, the audit event, the counted end, and the COMMIT unless a quota is counted first.
      const written = Promise.all([
        this.agents.createInOneStatement(tx, token.workspaceId, existing?.name ?? serial ?? 'Enrolled agent', agentMetadata, {
          id: agentId,
          scopes: token.scopes,
        }),
        robot && this.robots.writeClaimed(tx, robot, existing?.version),
        this.issuer.issueApiKey(tx, { workspaceId: token.workspaceId, serviceAgentId: agentId }, token.scopes, {
          id: credentialId,
          replayUntil: claimId === null ? null : new Date(claimedAt.getTime() + REPLAY_WINDOW_MS),
        }),
        this.issuer.issueAccessToken(tx, { credentialId, serviceAgentId: agentId }, token.scopes),
        robot &&
          this.outbox.record(tx, token.workspaceId, 'robot.claimed', {
            // the robot as written: its timestamps are the transaction's, set by Postgres as it writes the row
            robot: { ...toRobotDto({ ...robot, insertedAt: NOT_YET, updatedAt: NOT_YET }), ...robotTimestamps(existing) },
            enrollment_token_id: token.id,
          }),
        // who claimed is the device, as the agent it becomes; the credential is named by its id, never the key
        this.audit.record(tx, {
          workspaceId: token.workspaceId,
          action: 'robot.claim',
          actor: claimActor(agentId),
          target: claimTarget(robot, agentId),
          changes: {
            ...(robot && { status: [existing?.status ?? null, robot.status] as const }),
            service_agent_id: [null, agentId],
            credential_id: [null, credentialId],
            enrollment_token_id: [null, token.id],
          },
        }),
        this.claims.finish(
          tx,
          {
            enrollmentTokenId: token.id,
            serviceAgentId: agentId,
            robotId: robot?.id ?? null,
            serialNumber: serial ?? null,
            claimedAt,
            addsRobot,
            claimId,
            credentialId,
          },
          claimedAt,
          lock,
        ),
      ]);
      // AuditLog.record has issued the audit event's INSERT among the statements above (it redacts a
      // secret's shape rather than refuse), so the COMMIT never goes without it
      const [answers] = await Promise.allSettled([written, lock === 'SHARE' && tx.commit()]);
      if (tx.failure !== undefined) {
        const rerun = rerunFor(tx.failure);
        return lock === 'SHARE' ? rerun : rollBack(tx, rerun);
      }
      if (answers.status === 'rejected') throw answers.reason; // not a statement's failure: the COMMIT's own
      const [agent, robotTimes, apiKey, accessToken, , , workspace] = answers.value;
      if (lock === 'NO KEY UPDATE') {
        await this.quotas.assertCounts(tx, token.workspaceId, workspace, quotas);
        await tx.commit();
      }
      return {
        service_agent: { id: agent.id, name: agent.name, status: agent.status, slug: agent.slug },
        robot: robot && robotTimes && toRobotDto({ ...robot, ...robotTimes }),
        api_key: apiKey,
        access_token: accessToken,
        workspace: { id: workspace.id, name: workspace.name, status: workspace.status, plan: workspace.plan, slug: workspace.slug },
      };
    });
  }
}

/**
 * The actor of a claim's audit event: the device, as the agent the claim made it (or, for a
 * replay, the agent it already is). A claim has no principal that acted: the token is proof, not
 * an identity (ADR 0239).
 */
const claimActor = (serviceAgentId: string): AuditActor => ({ type: 'service_agent', id: serviceAgentId, label: null });

/** What a claim's audit event is about: the robot claimed (labelled with its serial), or the agent of a claim without a serial. */
function claimTarget(robot: { id: string; serialNumber: string } | null, serviceAgentId: string): AuditTarget {
  return robot ? { type: 'robot', id: robot.id, label: robot.serialNumber } : { type: 'service_agent', id: serviceAgentId, label: null };
}

/** A claim's answer, and whether it replays an earlier claim (header `idempotent-replayed: true`). */
export interface Claimed {
  body: ClaimResponseDto;
  replayed: boolean;
}

/**
 * The robot as a claim leaves it, but for its timestamps (the database's, writeClaimed): the
 * pending robot read in step 1 (kept only if still that version when written), or a new one,
 * bound to the claim's agent, in the token's cohort (else the robot's own) with the token's tags
 * added.
 */
function claimedRobot(
  token: ClaimTarget,
  serial: string,
  serviceAgentId: string,
  claimedAt: Date,
): Omit<RobotRow, 'insertedAt' | 'updatedAt'> {
  const existing = token.robot;
  return {
    id: existing?.id ?? randomUUID(),
    workspaceId: token.workspaceId,
    serialNumber: serial,
    name: existing?.name ?? null,
    status: 'active',
    serviceAgentId,
    cohortId: token.cohortId ?? existing?.cohortId ?? null,
    tags: mergeTags(existing?.tags ?? [], token.defaultTags),
    claimedAt,
    retiredAt: null,
  };
}

/** A placeholder Date for toRobotDto, overwritten by robotTimestamps. */
const NOT_YET = new Date(0);

/**
 * The claimed robot's timestamps in its robot.claimed event, sent before the row is written:
 * `updated_at` (and a new robot's `inserted_at`) are the transaction's time, which Postgres puts
 * in the event as it records it (TRANSACTION_TIME), the same `now()` the row gets.
 */
function robotTimestamps(existing: ClaimTarget['robot']): { inserted_at: string; updated_at: string } {
  return { inserted_at: existing ? existing.insertedAt.toISOString() : TRANSACTION_TIME, updated_at: TRANSACTION_TIME };
}

/**
 * Why an attempt did not commit, from the first statement that failed: a slug or serial taken
 * meanwhile, the pending robot no longer bindable, the token taking no more claims, the plan
 * gaining a quota. A workspace that refuses under its lock is the claim's answer (thrown);
 * anything else is an error.
 */
function rerunFor(failure: unknown): Rerun {
  if (isUniqueViolation(failure, [AGENT_SLUG_UNIQUE_CONSTRAINT])) return 'slug';
  if (isUniqueViolation(failure, [CLAIM_ID_UNIQUE_CONSTRAINT])) return 'claim_id';
  if (isUniqueViolation(failure, SERIAL_UNIQUE_CONSTRAINTS) || refusalReason(failure) === ROBOT_NOT_BINDABLE) return 'robot';
  const refusal = claimRefusal(failure);
  if (!refusal) throw failure;
  if (refusal.reason === 'workspace') {
    assertWorkspaceAcceptsTraffic(refusal.status);
    throw new Error(`a workspace refused a claim while ${refusal.status}`); // refuse_if names a status it refuses
  }
  return refusal.reason;
}

/** Ends an attempt that must run again: rolled back, with the reason. */
async function rollBack(tx: PipelinedTx, reason: Rerun): Promise<Rerun> {
  await tx.rollback();
  return reason;
}

/** The checks of a claim before its robot, in order: workspace (403), token state (409, 410), serial (400). */
function assertClaimRules(
  workspaceStatus: WorkspaceStatus,
  token: Parameters<typeof assertClaimable>[0] & Parameters<typeof assertSerialAccepted>[0],
  serial: string | undefined,
  now: number,
): void {
  assertWorkspaceAcceptsTraffic(workspaceStatus);
  assertClaimable(token, now);
  assertSerialAccepted(token, serial);
}

/** Whether the plan limits any of `quotas`. */
function hasQuota(plan: PlanLimits, quotas: readonly QuotaKind[]): boolean {
  return quotas.some((q) => quotaLimit(plan, q) !== null);
}
