import { Module } from '@nestjs/common';
import { ServiceAgentsRepository } from './service-agents.repository';
import { ServiceAgentsService } from './service-agents.service';

@Module({
  providers: [ServiceAgentsRepository, ServiceAgentsService],
  exports: [ServiceAgentsService],
})
export class AgentsModule {}
