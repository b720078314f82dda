import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Counter } from 'prom-client';
import { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../core/common/problem/pg-errors';
import { ServiceAgentsService } from '../agents';
import { Clock } from '../core/common/clock/clock';
import { parsePrefixedSecret, secretMatches } from '../core/common/crypto/secrets';
import { assertWorkspaceAcceptsTraffic } from '../credentials';
import { MachineCredentialsService } from '../credentials';
import { Outbox } from '../events';
import { type PlanLimits, type QuotaKind, quotaLimit, QuotasService, type WorkspaceRow, type WorkspaceStatus } from '../identity';
import { ENROLLMENT_CLAIMS_METRIC } from '../core/metrics/metric-names';
import type { ClaimEnrollmentDto, ClaimResponseDto } from './dto/claim.dto';
import { claimRefusal, EnrollmentClaimsRepository, NewClaim } from './enrollment-claims.repository';
import {
  assertClaimable,
  assertRobotBindable,
  assertSerialAccepted,
  claimOutcome,
  mergeTags,
} from './enrollment-rules';
import { ClaimTarget, EnrollmentTokensRepository, EnrollmentTokenRow } from './enrollment-tokens.repository';
import { InvalidEnrollmentTokenError, SerialRefusedError } from './enrollment.errors';
import { toRobotDto } from './mappers';
import { RobotRow, RobotsRepository, SERIAL_UNIQUE_CONSTRAINTS } from './robots.repository';

/**
 * Rolls a claim back to run it again: a concurrent claim or pre-registration committed a robot
 * with the serial after this claim looked (`serial`), or the workspace's plan gained a quota
 * while this claim ran (`plan`).
 */
class RunClaimAgain extends Error {
  constructor(readonly reason: 'serial' | 'plan') {
    super(`run the claim again (${reason})`);
  }
}

/** The token refused to count the claim; which refusal it answers is decided once the transaction is over. */
class TokenRefusedClaim extends Error {
  constructor(
    readonly token: ClaimTarget,
    readonly serial: string | undefined,
    readonly at: number,
  ) {
    super('the enrollment token refused to count the claim');
  }
}

/** A claim runs at most twice: the second run sees what made the first one stop. */
const ATTEMPTS = 2;

/**
 * POST /api/v1/enrollments/claim: one transaction in which every refusal throws and rolls back,
 * so a refused claim leaves no row behind and keeps the token's remaining claims.
 *
 * Order of checks, as a claim running alone would make them: token (401), workspace (403), token
 * state (409 revoked / claimed / exhausted, 410 expired), serial (400 required / not allowed, 410
 * decommissioned, 400 already claimed), quotas (429).
 *
 * Only the counted part holds locks shared with other claims, and only at the end
 * (docs/decisions.md, "Enrollment claims"):
 * 1. read the token, its workspace and plan in one unlocked statement; check the secret, then the
 *    rules in order (a refusal here answers for that statement's snapshot);
 * 2. lock the robot carrying the serial, if any; insert the agent, the robot, the event and the
 *    credentials (a robot inserted concurrently with the same serial makes the claim run again,
 *    and then it is locked in step 2);
 * 3. in one statement: count the claim on the token row (a conditional UPDATE, so max_claims
 *    holds under any race), insert the claim record, lock the workspace row and re-check its
 *    status. With no quota to count the workspace row is locked FOR SHARE and the statement goes
 *    out with the COMMIT in one write, so the token row is locked for no round trip to Node; with
 *    a quota it is locked FOR NO KEY UPDATE, the quotas are counted, then the claim commits.
 * A token that refuses in step 3 answers with the refusal a fresh read of the token and the
 * workspace gives once the transaction is rolled back; a robot that refuses in step 2 answers
 * with it checked in the same order, the robot still locked.
 */
@Injectable()
export class EnrollmentClaimService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokens: EnrollmentTokensRepository,
    private readonly robots: RobotsRepository,
    private readonly claims: EnrollmentClaimsRepository,
    private readonly agents: ServiceAgentsService,
    private readonly credentials: MachineCredentialsService,
    private readonly quotas: QuotasService,
    private readonly clock: Clock,
    @InjectMetric(ENROLLMENT_CLAIMS_METRIC) private readonly outcomes: Counter<string>,
    private readonly outbox: Outbox,
  ) {}

  async claim(dto: ClaimEnrollmentDto): Promise<ClaimResponseDto> {
    try {
      const claimed = await this.claimOnce(dto);
      this.outcomes.inc({ outcome: 'claimed' });
      return claimed;
    } catch (err) {
      this.outcomes.inc({ outcome: claimOutcome(err) });
      throw err;
    }
  }

  private async claimOnce(dto: ClaimEnrollmentDto): Promise<ClaimResponseDto> {
    const parts = parsePrefixedSecret('age', dto.token);
    if (!parts) throw new InvalidEnrollmentTokenError();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inTransaction((m) => this.claimIn(m, parts, dto, attempt));
      } catch (err) {
        if (err instanceof RunClaimAgain && attempt < ATTEMPTS) continue;
        // The token refused to count the claim: decided on a fresh read, this transaction being over.
        if (err instanceof TokenRefusedClaim) return this.refuse(this.db.manager, err.token, err.serial, undefined, err.at);
        // Unreachable: the second run sees the robot the first one ran into, and locks it.
        if (err instanceof RunClaimAgain || isUniqueViolation(err, SERIAL_UNIQUE_CONSTRAINTS)) {
          throw new SerialRefusedError('serial_already_claimed');
        }
        throw err;
      }
    }
  }

  /**
   * `work` in a transaction on a connection of its own; committed after it unless `work` already
   * committed (the claim's last statement goes with its COMMIT), rolled back when it throws.
   */
  private async inTransaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const qr = this.db.createQueryRunner();
    try {
      await qr.startTransaction();
      const result = await work(qr.manager);
      if (qr.isTransactionActive) await qr.commitTransaction();
      return result;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await qr.release();
    }
  }

  private async claimIn(
    m: EntityManager,
    parts: { prefix: string; secret: string },
    dto: ClaimEnrollmentDto,
    attempt: number,
  ): Promise<ClaimResponseDto> {
    const token = await this.tokens.findForClaim(m, parts.prefix);
    // secretMatches hashes even for an unknown prefix (no timing tell); `!token` only narrows the type
    if (!secretMatches(parts.secret, token?.secretHash) || !token) throw new InvalidEnrollmentTokenError();
    const now = this.clock.now();
    const serial = dto.serial_number;
    assertClaimRules(token.workspaceStatus, token, serial, now);
    const existing = serial === undefined ? undefined : await this.robots.lockBySerial(m, token.workspaceId, serial);
    if (existing && existing.status !== 'pending') return this.refuse(m, token, serial, existing, now);

    const claimedAt = this.clock.date();
    const agent = await this.agents.create(m, token.workspaceId, existing?.name ?? serial ?? 'Enrolled agent', dto.agent ?? {}, {
      scopes: token.scopes,
    });
    const robot = serial === undefined ? null : await this.bindRobot(m, token.workspaceId, serial, existing, token, agent.id, claimedAt);
    if (robot) {
      await this.outbox.record(m, token.workspaceId, 'robot.claimed', {
        robot: toRobotDto(robot),
        enrollment_token_id: token.id,
      });
    }
    const owner = { workspaceId: token.workspaceId, serviceAgentId: agent.id };
    const apiKey = await this.credentials.issueApiKey(m, owner, token.scopes);
    const accessToken = await this.credentials.issueAccessToken(
      m,
      { credentialId: apiKey.credential_id, serviceAgentId: agent.id },
      token.scopes,
    );

    // The counted end, in the one lock order of every claim: the token row, then the workspace row.
    // The token is checked again as it is counted, so a token that expired meanwhile refuses.
    const claim: NewClaim = {
      enrollmentTokenId: token.id,
      serviceAgentId: agent.id,
      robotId: robot?.id ?? null,
      serialNumber: serial ?? null,
      claimedAt,
      addsRobot: serial !== undefined && !existing,
    };
    const quotas: QuotaKind[] = claim.addsRobot ? ['service_agents', 'robots'] : ['service_agents'];
    const counted = attempt > 1 || hasQuota(token, quotas);
    const countedAt = this.clock.now();
    let workspace: WorkspaceRow;
    try {
      if (counted) {
        const locked = await this.claims.countAndRecord(m, claim, new Date(countedAt));
        await this.quotas.assertCounts(m, locked.id, locked, quotas);
        workspace = locked;
      } else {
        // No quota to count: the statement goes with the COMMIT, so the token row is held for no round trip.
        workspace = await this.claims.countRecordAndCommit(m, claim, new Date(countedAt));
      }
    } catch (err) {
      const refusal = claimRefusal(err);
      if (!refusal) throw err;
      if (refusal.reason === 'workspace') assertWorkspaceAcceptsTraffic(refusal.status);
      // FOR SHARE does not order quota counts: a plan that gained a quota since step 1 runs the claim again.
      if (refusal.reason === 'plan') throw new RunClaimAgain('plan');
      throw new TokenRefusedClaim(token, serial, countedAt);
    }

    return {
      service_agent: { id: agent.id, name: agent.name, status: agent.status, slug: agent.slug },
      robot: robot && toRobotDto(robot),
      api_key: apiKey,
      access_token: accessToken,
      workspace: { id: workspace.id, name: workspace.name, status: workspace.status, plan: workspace.plan, slug: workspace.slug },
    };
  }

  /**
   * Throws the refusal a claim running alone would get now: the token's state and its workspace's
   * status read again in one statement, checked in the claim's order with the robot (`existing`,
   * locked by the claim's transaction when given). Reached when the robot is not bindable (in the
   * transaction), or after the token refused to count the claim (once it is rolled back): the
   * token still refuses then, since its claims only grow, revoked_at is set once and expires_at
   * never moves.
   */
  private async refuse(
    m: EntityManager,
    token: ClaimTarget,
    serial: string | undefined,
    existing: RobotRow | undefined,
    now: number,
  ): Promise<never> {
    const state = await this.tokens.readClaimState(m, token.id);
    if (!state) throw new InvalidEnrollmentTokenError(); // deleted with its workspace meanwhile
    assertClaimRules(state.workspaceStatus, { ...token, ...state }, serial, now);
    assertRobotBindable(existing);
    throw new Error(`enrollment token ${token.id} refused a claim it accepts`);
  }

  /** Binds the pending robot carrying the serial, or creates the robot; either joins the token's cohort and tags. */
  private async bindRobot(
    m: EntityManager,
    workspaceId: string,
    serial: string,
    existing: RobotRow | undefined,
    token: EnrollmentTokenRow,
    serviceAgentId: string,
    claimedAt: Date,
  ): Promise<RobotRow> {
    const binding = {
      serviceAgentId,
      cohortId: token.cohortId,
      tags: mergeTags(existing?.tags ?? [], token.defaultTags),
      claimedAt,
    };
    if (!existing) {
      // Nothing carried the serial when step 2 looked; something committed one since (the insert
      // waited for it). Run again, to lock that robot and check it in order.
      const inserted = await this.robots.insertBound(m, workspaceId, serial, binding);
      if (!inserted) throw new RunClaimAgain('serial');
      return inserted;
    }
    const bound = await this.robots.bindPending(m, existing.id, binding);
    // The row is locked and was pending when read; anything else is a claim that got there first.
    if (!bound) throw new SerialRefusedError('serial_already_claimed');
    return bound;
  }
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
