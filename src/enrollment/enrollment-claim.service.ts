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
import { QuotasService } from '../identity';
import { ENROLLMENT_CLAIMS_METRIC } from '../core/metrics/metric-names';
import type { ClaimEnrollmentDto, ClaimResponseDto } from './dto/claim.dto';
import { EnrollmentClaimsRepository } from './enrollment-claims.repository';
import {
  assertClaimable,
  assertRobotBindable,
  assertSerialAccepted,
  claimOutcome,
  mergeTags,
} from './enrollment-rules';
import { EnrollmentTokensRepository, EnrollmentTokenRow } from './enrollment-tokens.repository';
import { InvalidEnrollmentTokenError, SerialRefusedError } from './enrollment.errors';
import { toRobotDto } from './mappers';
import { RobotRow, RobotsRepository, SERIAL_UNIQUE_CONSTRAINTS } from './robots.repository';

/** Compared against when the prefix is unknown, so both paths do the same work. */

/**
 * POST /api/v1/enrollments/claim. One transaction: the token row is locked (SELECT ... FOR
 * UPDATE) before anything is checked or counted, then the workspace row; every refusal throws and
 * rolls back, so it leaves no row behind and keeps the token's remaining claims.
 *
 * Order of checks: token (401), workspace (403), token state (409 revoked / claimed / exhausted,
 * 410 expired), serial (400 required / not allowed, 410 decommissioned, 400 already claimed),
 * quotas (429).
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
    try {
      return await this.db.transaction(async (m) => {
        const token = await this.tokens.lockByPrefix(m, parts.prefix);
        // secretMatches hashes even for an unknown prefix (no timing tell); `!token` only narrows the type
        if (!secretMatches(parts.secret, token?.secretHash) || !token) throw new InvalidEnrollmentTokenError();
        return this.claimLocked(m, token, dto);
      });
    } catch (err) {
      // Unreachable while claims of a workspace are serialised on its row; kept as the last word.
      if (isUniqueViolation(err, SERIAL_UNIQUE_CONSTRAINTS)) throw new SerialRefusedError('serial_already_claimed');
      throw err;
    }
  }

  private async claimLocked(m: EntityManager, token: EnrollmentTokenRow, dto: ClaimEnrollmentDto): Promise<ClaimResponseDto> {
    const workspace = await this.claims.lockWorkspace(m, token.workspaceId);
    assertWorkspaceAcceptsTraffic(workspace.status);
    assertClaimable(token, this.clock.now());
    const serial = dto.serial_number;
    assertSerialAccepted(token, serial);
    const existing = serial === undefined ? undefined : await this.robots.lockBySerial(m, workspace.id, serial);
    assertRobotBindable(existing);
    await this.quotas.assertRoomFor(m, workspace.id, 'service_agents');
    if (serial !== undefined && !existing) await this.quotas.assertRoomFor(m, workspace.id, 'robots');

    const claimedAt = this.clock.date();
    const agent = await this.agents.create(m, workspace.id, existing?.name ?? serial ?? 'Enrolled agent', dto.agent ?? {}, {
      scopes: token.scopes,
    });
    const robot = serial === undefined ? null : await this.bindRobot(m, workspace.id, serial, existing, token, agent.id, claimedAt);
    await this.claims.record(m, {
      workspaceId: workspace.id,
      enrollmentTokenId: token.id,
      serviceAgentId: agent.id,
      robotId: robot?.id ?? null,
      serialNumber: serial ?? null,
      claimedAt,
    });
    await this.tokens.countClaim(m, token.id);
    if (robot) {
      await this.outbox.record(m, workspace.id, 'robot.claimed', {
        robot: toRobotDto(robot),
        enrollment_token_id: token.id,
      });
    }

    const owner = { workspaceId: workspace.id, serviceAgentId: agent.id };
    const apiKey = await this.credentials.issueApiKey(m, owner, token.scopes);
    const accessToken = await this.credentials.issueAccessToken(
      m,
      { credentialId: apiKey.credential_id, serviceAgentId: agent.id },
      token.scopes,
    );
    return {
      service_agent: { id: agent.id, name: agent.name, status: agent.status, slug: agent.slug },
      robot: robot && toRobotDto(robot),
      api_key: apiKey,
      access_token: accessToken,
      workspace: { id: workspace.id, name: workspace.name, status: workspace.status, plan: workspace.plan, slug: workspace.slug },
    };
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
    if (!existing) return this.robots.insertBound(m, workspaceId, serial, binding);
    const bound = await this.robots.bindPending(m, existing.id, binding);
    // The row is locked and was pending when read; anything else is a claim that got there first.
    if (!bound) throw new SerialRefusedError('serial_already_claimed');
    return bound;
  }
}

