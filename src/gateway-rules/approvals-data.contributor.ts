import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../core/common/clock/clock';
import { type DataSubject, type DataSubjectContributor, DataSubjectRegistry, pagesOf } from '../data-subjects';
import { ApprovalsRepository } from './approvals.repository';

/** Data requests: the approvals a subject's agents asked for (resource and context erased), and an operator's decisions. */
@Injectable()
export class ApprovalsDataContributor implements DataSubjectContributor, OnModuleInit {
  readonly section = 'approvals';

  constructor(
    private readonly repo: ApprovalsRepository,
    private readonly registry: DataSubjectRegistry,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  export(subject: DataSubject, m: EntityManager): AsyncIterable<unknown[]> {
    return pagesOf((after) => this.repo.exportPage(m, subject, after), (a) => a.id);
  }

  async erase(subject: DataSubject, m: EntityManager): Promise<void> {
    await this.repo.erase(m, subject, this.clock.date());
  }
}
