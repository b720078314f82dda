import { Injectable } from '@nestjs/common';
import { ServiceAgentsService } from '../agents';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { type Tx, Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { CredentialRevoker } from '../credentials';
import { Outbox } from '../events';
import { QuotasService } from '../identity';
import { toRobotDto } from './mappers';
import { type RobotRow, RobotsRepository } from './robots.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { PreRegisterRobotDto, RobotDto, ROBOT_LIST, RobotListDto } from './dto/robot.dto';

/** A robot's events name it, labelled with its serial. */
export const robotTarget = (r: Pick<RobotRow, 'id' | 'serialNumber'>) => ({ type: 'robot', id: r.id, label: r.serialNumber });

/**
 * Operator changes of robots (each audited in its transaction: robot.create, robot.retire,
 * robot.reset) and the robot work of batch operations (audited as their batch operation, ADR 0239).
 */
@Injectable()
export class RobotsService {
  constructor(
    private readonly db: Db,
    private readonly robots: RobotsRepository,
    private readonly agents: ServiceAgentsService,
    private readonly quotas: QuotasService,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly revoker: CredentialRevoker,
    private readonly audit: AuditLog,
  ) {}

  /** A pending robot a later fleet claim with its serial binds. Counts toward the robot quota (429). */
  async preRegister(workspaceId: string, dto: PreRegisterRobotDto): Promise<RobotDto> {
    return this.db.transaction(async (tx) => {
      const row = await this.robots.insertPending(tx, workspaceId, dto.serial_number, dto.name ?? null);
      // Counted after the insert, the workspace locked last (QuotasService). A taken serial added
      // nothing: it is still 429 first when the quota has no room for one more robot.
      await this.quotas.assertWithin(tx, workspaceId, 'robots', row ? 0 : 1);
      if (!row) throw new ValidationProblem({ serial_number: ['has already been taken'] });
      const robot = toRobotDto(row);
      await this.audit.record(tx, {
        workspaceId,
        action: 'robot.create',
        target: robotTarget(row),
        changes: AuditLog.changes(null, robot, ['serial_number', 'name', 'status']),
      });
      return robot;
    });
  }

  /** Each robot's name (its serial when it has none) by id, for pages that name the robots of their rows. */
  namesOf(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    return this.robots.namesOf(workspaceId, ids);
  }

  async list(workspaceId: string, q: ListQuery<typeof ROBOT_LIST.key, true>): Promise<RobotListDto> {
    const { rows, total } = await this.robots.list(workspaceId, q);
    return listEnvelope(q, rows.map(toRobotDto), total);
  }

  /**
   * Decommissions a robot: later claims of its serial get 410 robot-decommissioned, and the agent
   * a claim bound to it is deactivated, so its credentials are refused at once on every node.
   * Retiring again changes nothing (and re-applies the deactivation). The first retirement
   * records `robot.retired` with it.
   */
  async retire(workspaceId: string, id: string): Promise<RobotDto> {
    const row = await this.db.transaction(async (tx) => {
      const retired = await this.robots.retire(tx, workspaceId, id, this.clock.date());
      if (retired?.retiredNow) {
        await Promise.all([
          this.audit.record(tx, {
            workspaceId,
            action: 'robot.retire',
            target: robotTarget(retired),
            changes: { status: [retired.previousStatus, retired.status] },
          }),
          this.outbox.record(tx, workspaceId, 'robot.retired', { robot: toRobotDto(retired) }),
        ]);
      }
      return retired;
    });
    if (!row) throw new NotFoundProblem();
    if (row.serviceAgentId) await this.agents.update(workspaceId, row.serviceAgentId, { status: 'inactive' });
    return toRobotDto(row);
  }

  /**
   * Re-provisions a robot (ADR 0234): an active robot goes back to pending with no agent, in one
   * transaction with its serial's claim released (kept as history), its agent deactivated and
   * every key of that agent revoked (`api_key.revoked` each), and `robot.reset`. Every node
   * refuses the old credentials and closes the agent's sockets with 4401 within a second: the
   * deactivation is notified with the commit and the revocations go through the outbox, whatever
   * Redis does (ADR 0230). The next claim of the serial binds the robot to a new agent. A pending
   * robot is answered as it is (nothing is bound to it); a retired one is 409 `robot_retired`.
   */
  async reset(workspaceId: string, id: string): Promise<RobotDto> {
    const done = await this.db.transaction(async (tx) => {
      const robot = await this.robots.lockById(tx, workspaceId, id);
      if (!robot) throw new NotFoundProblem();
      if (robot.status === 'retired') throw new ConflictProblem('robot_retired');
      if (robot.status === 'pending') return { robot, agentId: null, revoked: [] };
      const reset = await this.robots.reset(tx, robot, this.clock.date());
      const agentId = robot.serviceAgentId;
      const revoked = agentId ? await this.releaseAgent(tx, workspaceId, agentId) : [];
      await Promise.all([
        this.audit.record(tx, {
          workspaceId,
          action: 'robot.reset',
          target: robotTarget(reset),
          // the keys the reset revoked are named, never their secrets
          changes: { status: [robot.status, reset.status], service_agent_id: [agentId, null], credential_ids: [revoked, []] },
        }),
        this.outbox.record(tx, workspaceId, 'robot.reset', { robot: toRobotDto(reset), service_agent_id: agentId }),
      ]);
      return { robot: reset, agentId, revoked };
    });
    if (done.agentId) await this.agents.publishAgentsChanged([done.agentId]);
    await this.revoker.publishCredentialsChanged(done.revoked);
    return toRobotDto(done.robot);
  }

  /** The agent a reset robot was bound to: deactivated, and every key of it revoked (in `m`'s transaction); the keys revoked. */
  private async releaseAgent(m: Tx, workspaceId: string, agentId: string): Promise<string[]> {
    await this.agents.deactivateMany(m, workspaceId, [agentId]);
    return this.revoker.revokeAllOfAgent(m, workspaceId, agentId);
  }

  /**
   * Retires the workspace's robots among `ids` in `m`'s transaction (batch operations), and
   * deactivates their agents in the same transaction, recording `robot.retired` for each robot
   * retired now (as a single retirement does). Returns, by robot id, whether it was retired now or
   * already; ids not in the workspace are absent. Call `publishRetired` after commit.
   */
  async retireMany(
    m: Tx,
    workspaceId: string,
    ids: readonly string[],
  ): Promise<{ outcomes: Map<string, 'retired' | 'already_retired'>; agentIds: string[] }> {
    const found = await this.robots.retireMany(m, workspaceId, ids, this.clock.date());
    const outcomes = new Map(found.map((r) => [r.id, r.previous === 'retired' ? ('already_retired' as const) : ('retired' as const)]));
    const retiredNow = found.filter((r) => r.previous !== 'retired').map((r) => r.id);
    for (const robot of await this.robots.findMany(m, workspaceId, retiredNow)) {
      await this.outbox.record(m, workspaceId, 'robot.retired', { robot: toRobotDto(robot) });
    }
    const agents = found.filter((r) => r.previous !== 'retired' && r.serviceAgentId).map((r) => r.serviceAgentId!);
    return { outcomes, agentIds: await this.agents.deactivateMany(m, workspaceId, agents) };
  }

  /** After a committed retireMany: the deactivated agents' credentials are refused on every node. */
  publishRetired(agentIds: readonly string[]): Promise<void> {
    return this.agents.publishAgentsChanged(agentIds);
  }

  /** Adds tags to the workspace's robots among `ids` (batch operations); by robot id, whether it changed. */
  async addTags(m: Tx, workspaceId: string, ids: readonly string[], tags: readonly string[]): Promise<Map<string, boolean>> {
    const rows = await this.robots.addTags(m, workspaceId, ids, tags);
    return new Map(rows.map((r) => [r.id, r.changed]));
  }

  /** A cohort's robots (oldest first, at most `limit`), or undefined when the cohort is not the workspace's. */
  cohortRobots(workspaceId: string, cohortId: string, limit: number): Promise<{ id: string; serviceAgentId: string | null }[] | undefined> {
    return this.robots.cohortRobots(workspaceId, cohortId, limit);
  }

  /** A robot of the workspace, row-locked until `m`'s transaction ends; undefined when not the workspace's. */
  lock(m: Tx, workspaceId: string, id: string): Promise<RobotRow | undefined> {
    return this.robots.lockById(m, workspaceId, id);
  }
}
