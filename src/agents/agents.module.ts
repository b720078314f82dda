import { Module, OnModuleInit } from '@nestjs/common';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { ServiceAgentsRepository } from './service-agents.repository';
import { ServiceAgentsService } from './service-agents.service';

@Module({
  imports: [DataSubjectsModule],
  providers: [ServiceAgentsRepository, ServiceAgentsService],
  exports: [ServiceAgentsService],
})
export class AgentsModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly agents: ServiceAgentsRepository,
    private readonly service: ServiceAgentsService,
  ) {}

  /** Data requests: a subject's service agent (name and metadata erased, deactivated on every node). */
  onModuleInit(): void {
    this.subjects.registerPaged('service_agents', {
      exportPage: (m, s, after) => this.agents.exportPage(m, s, after),
      erase: async (m, s) => {
        const changed = await this.agents.erase(m, s);
        return () => this.service.publishAgentsChanged(changed);
      },
    });
  }
}
