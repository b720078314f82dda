import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type DataSubject, type DataSubjectContributor, DataSubjectRegistry, pagesOf } from '../data-subjects';
import { OtaUpdatesRepository } from './ota-updates.repository';

/** Data requests: a subject robot's updates (what it reported erased), and an operator's name on updates they created. */
@Injectable()
export class OtaUpdatesDataContributor implements DataSubjectContributor, OnModuleInit {
  readonly section = 'ota_updates';

  constructor(
    private readonly repo: OtaUpdatesRepository,
    private readonly registry: DataSubjectRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  export(subject: DataSubject, m: EntityManager): AsyncIterable<unknown[]> {
    return pagesOf((after) => this.repo.exportPage(m, subject, after), (o) => o.id);
  }

  async erase(subject: DataSubject, m: EntityManager): Promise<void> {
    await this.repo.erase(m, subject);
  }
}
