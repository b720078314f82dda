import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { WorkspaceRow } from '../identity';

export interface NewClaim {
  workspaceId: string;
  enrollmentTokenId: string;
  serviceAgentId: string;
  robotId: string | null;
  serialNumber: string | null;
  claimedAt: Date;
}

/** SQL of the claim transaction beyond tokens and robots. */
@Injectable()
export class EnrollmentClaimsRepository {
  /**
   * The claiming workspace, row-locked: claims in one workspace (and its quota checks, which lock
   * the same row) run one at a time, so serial lookups and counts read what earlier claims wrote.
   */
  async lockWorkspace(m: EntityManager, workspaceId: string): Promise<WorkspaceRow> {
    const rows = await m.query(`SELECT id, name, slug, status, plan FROM workspaces WHERE id = $1 FOR UPDATE`, [workspaceId]);
    return rows[0];
  }

  /** The claim record; a serial claimed twice in a workspace fails on enrollment_claims_serial_key. */
  async record(m: EntityManager, c: NewClaim): Promise<void> {
    await m.query(
      `INSERT INTO enrollment_claims (workspace_id, enrollment_token_id, service_agent_id, robot_id, serial_number, claimed_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [c.workspaceId, c.enrollmentTokenId, c.serviceAgentId, c.robotId, c.serialNumber, c.claimedAt],
    );
  }
}
