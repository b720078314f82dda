import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type DataSubject, type DataSubjectContributor, DataSubjectRegistry, pagesOf } from '../data-subjects';
import { BatchOperationsRepository } from './batch-operations.repository';

/** Data requests: operations that targeted a subject (with its targets' outcomes), and an operator's name on those they ran. */
@Injectable()
export class BatchOperationsDataContributor implements DataSubjectContributor, OnModuleInit {
  readonly section = 'batch_operations';

  constructor(
    private readonly repo: BatchOperationsRepository,
    private readonly registry: DataSubjectRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  export(subject: DataSubject, m: EntityManager): AsyncIterable<unknown[]> {
    return pagesOf((after) => this.repo.exportPage(m, subject, after), (b) => b.id);
  }

  async erase(subject: DataSubject, m: EntityManager): Promise<void> {
    await this.repo.erase(m, subject);
  }
}
