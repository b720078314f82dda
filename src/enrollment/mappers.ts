import { toIso as iso } from '../core/common/iso';
import { tokenState } from './enrollment-rules';
import type { CohortRow } from './cohorts.repository';
import type { CohortDto } from './dto/cohort.dto';
import type { EnrollmentTokenDto } from './dto/enrollment-token.dto';
import type { RobotDto } from './dto/robot.dto';
import type { EnrollmentTokenRow } from './enrollment-tokens.repository';
import type { RobotRow } from './robots.repository';

/** Response shapes: rows are never returned as such, so no hash or internal column can leak. */
export function toTokenDto(t: EnrollmentTokenRow, now: number): EnrollmentTokenDto {
  return {
    id: t.id,
    prefix: `age_${t.prefix}`,
    status: tokenState(t, now),
    max_claims: t.maxClaims,
    claims_count: t.claimsCount,
    expires_at: t.expiresAt.toISOString(),
    serial_allowlist: t.serialAllowlist,
    cohort_id: t.cohortId,
    default_tags: t.defaultTags,
    scopes: t.scopes,
    revoked_at: iso(t.revokedAt),
    created_by: t.createdBy,
    inserted_at: t.insertedAt.toISOString(),
  };
}

export function toRobotDto(r: RobotRow): RobotDto {
  return {
    id: r.id,
    serial_number: r.serialNumber,
    name: r.name,
    status: r.status,
    service_agent_id: r.serviceAgentId,
    cohort_id: r.cohortId,
    tags: r.tags,
    claimed_at: iso(r.claimedAt),
    retired_at: iso(r.retiredAt),
    inserted_at: r.insertedAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toCohortDto(c: CohortRow): CohortDto {
  return {
    id: c.id,
    name: c.name,
    robot_count: c.robot_count,
    inserted_at: c.inserted_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
