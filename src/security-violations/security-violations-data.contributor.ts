import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type DataSubject, type DataSubjectContributor, DataSubjectRegistry, pagesOf } from '../data-subjects';
import { SecurityViolationsRepository } from './security-violations.repository';

/** Data requests: the violations about a subject's agents (detail erased), and an operator's name on violations they handled. */
@Injectable()
export class SecurityViolationsDataContributor implements DataSubjectContributor, OnModuleInit {
  readonly section = 'security_violations';

  constructor(
    private readonly repo: SecurityViolationsRepository,
    private readonly registry: DataSubjectRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  export(subject: DataSubject, m: EntityManager): AsyncIterable<unknown[]> {
    return pagesOf((after) => this.repo.exportPage(m, subject, after), (v) => v.id);
  }

  async erase(subject: DataSubject, m: EntityManager): Promise<void> {
    await this.repo.erase(m, subject);
  }
}
