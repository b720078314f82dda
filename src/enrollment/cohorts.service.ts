import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { CohortsRepository } from './cohorts.repository';
import { toCohortDto, toRobotDto } from './mappers';
import { RobotsRepository } from './robots.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { COHORT_LIST, COHORT_MEMBER_LIST, CohortDto, CohortListDto, CohortShowDto } from './dto/cohort.dto';

/** Cohorts group robots; a robot joins one when a claim's token names it. */
@Injectable()
export class CohortsService {
  constructor(
    private readonly cohorts: CohortsRepository,
    private readonly robots: RobotsRepository,
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async create(workspaceId: string, name: string): Promise<CohortDto> {
    const row = await this.db.transaction(async (tx) => {
      const created = await this.cohorts.insert(tx, workspaceId, name);
      if (created) {
        await this.audit.record(tx, {
          workspaceId,
          action: 'cohort.create',
          target: { type: 'cohort', id: created.id, label: created.name },
          changes: { name: [null, created.name] },
        });
      }
      return created;
    });
    if (!row) throw new ValidationProblem({ name: ['has already been taken'] });
    return toCohortDto(row);
  }

  /** Cohort names by id, for pages that name the cohorts their rows belong to (ids of other workspaces are left out). */
  namesOf(workspaceId: string, ids: readonly (string | null)[]): Promise<Map<string, string>> {
    return this.cohorts.namesOf(
      workspaceId,
      ids.filter((id): id is string => id !== null),
    );
  }

  async list(workspaceId: string, q: ListQuery<typeof COHORT_LIST.key, true>): Promise<CohortListDto> {
    const { rows, total } = await this.cohorts.list(workspaceId, q);
    return listEnvelope(q, rows.map(toCohortDto), total);
  }

  /** The cohort and a page of its members (robots, newest first). */
  async show(workspaceId: string, id: string, q: ListQuery<typeof COHORT_MEMBER_LIST.key, true>): Promise<CohortShowDto> {
    const cohort = await this.cohorts.find(workspaceId, id);
    if (!cohort) throw new NotFoundProblem();
    const { rows, total } = await this.robots.list(workspaceId, q, id);
    return { cohort: toCohortDto(cohort), ...listEnvelope(q, rows.map(toRobotDto), total) };
  }
}
