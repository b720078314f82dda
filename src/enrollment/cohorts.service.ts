import { Injectable } from '@nestjs/common';
import { paginationMeta, Page } from '../core/common/pagination/pagination';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { CohortsRepository } from './cohorts.repository';
import type { CohortDto, CohortListDto, CohortShowDto } from './dto/cohort.dto';
import { toCohortDto, toRobotDto } from './mappers';
import { RobotsRepository } from './robots.repository';

/** Cohorts group robots; a robot joins one when a claim's token names it. */
@Injectable()
export class CohortsService {
  constructor(
    private readonly cohorts: CohortsRepository,
    private readonly robots: RobotsRepository,
  ) {}

  async create(workspaceId: string, name: string): Promise<CohortDto> {
    const row = await this.cohorts.insert(workspaceId, name);
    if (!row) throw new ValidationProblem({ name: ['has already been taken'] });
    return toCohortDto(row);
  }

  async list(workspaceId: string, page: Page): Promise<CohortListDto> {
    const { rows, total } = await this.cohorts.list(workspaceId, page);
    const cohorts = rows.map(toCohortDto);
    return { cohorts, count: cohorts.length, pagination: paginationMeta(page, total) };
  }

  /** The cohort and a page of its members (robots, newest first). */
  async show(workspaceId: string, id: string, page: Page): Promise<CohortShowDto> {
    const cohort = await this.cohorts.find(workspaceId, id);
    if (!cohort) throw new NotFoundProblem();
    const { rows, total } = await this.robots.list(workspaceId, page, { cohortId: id });
    const members = rows.map(toRobotDto);
    return { cohort: toCohortDto(cohort), members, count: members.length, pagination: paginationMeta(page, total) };
  }
}
