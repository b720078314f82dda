import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ServiceAgentsService } from '../agents';
import { Clock } from '../core/common/clock/clock';
import { listEnvelope } from '../core/listing/list-envelope';
import type { ListQuery } from '../core/listing/list-query';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Outbox } from '../events';
import { QuotasService } from '../identity';
import type { PreRegisterRobotDto, RobotDto, ROBOT_LIST, RobotListDto } from './dto/robot.dto';
import { toRobotDto } from './mappers';
import { RobotsRepository } from './robots.repository';

@Injectable()
export class RobotsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly robots: RobotsRepository,
    private readonly agents: ServiceAgentsService,
    private readonly quotas: QuotasService,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
  ) {}

  /** A pending robot a later fleet claim with its serial binds. Counts toward the robot quota (429). */
  async preRegister(workspaceId: string, dto: PreRegisterRobotDto): Promise<RobotDto> {
    return this.db.transaction(async (m) => {
      await this.quotas.assertRoomFor(m, workspaceId, 'robots');
      const row = await this.robots.insertPending(m, workspaceId, dto.serial_number, dto.name ?? null);
      if (!row) throw new ValidationProblem({ serial_number: ['has already been taken'] });
      return toRobotDto(row);
    });
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
    const row = await this.db.transaction(async (m) => {
      const retired = await this.robots.retire(m, workspaceId, id, this.clock.date());
      if (retired?.retiredNow) await this.outbox.record(m, workspaceId, 'robot.retired', { robot: toRobotDto(retired) });
      return retired;
    });
    if (!row) throw new NotFoundProblem();
    if (row.serviceAgentId) await this.agents.update(workspaceId, row.serviceAgentId, { status: 'inactive' });
    return toRobotDto(row);
  }
}
