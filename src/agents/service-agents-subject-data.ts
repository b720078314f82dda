import { Injectable } from '@nestjs/common';
import { type AfterErasure, type DataSubject, DataSubjectSection, type PagedSubjectData } from '../data-subjects';
import { ServiceAgentsRepository } from './service-agents.repository';
import { ServiceAgentsService } from './service-agents.service';
import type { Tx } from '../core/database/db.service';

/** Data requests: a subject's service agent (name and metadata erased, deactivated on every node). */
@DataSubjectSection('service_agents')
@Injectable()
export class ServiceAgentsSubjectData implements PagedSubjectData {
  constructor(
    private readonly agents: ServiceAgentsRepository,
    private readonly service: ServiceAgentsService,
  ) {}

  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return this.agents.exportPage(m, s, after);
  }

  async erase(m: Tx, s: DataSubject): Promise<AfterErasure> {
    const changed = await this.agents.erase(m, s);
    return () => this.service.publishAgentsChanged(changed);
  }
}
