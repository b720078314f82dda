import { Module } from '@nestjs/common';
import { ServiceAgentsSubjectData } from './service-agents-subject-data';
import { ServiceAgentsRepository } from './service-agents.repository';
import { ServiceAgentsService } from './service-agents.service';

@Module({
  providers: [ServiceAgentsRepository, ServiceAgentsService, ServiceAgentsSubjectData],
  exports: [ServiceAgentsService],
})
export class AgentsModule {}
