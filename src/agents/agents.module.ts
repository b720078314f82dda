import { Global, Module } from '@nestjs/common';
import { ServiceAgentsRepository } from './service-agents.repository';
import { ServiceAgentsService } from './service-agents.service';

@Global()
@Module({
  providers: [ServiceAgentsRepository, ServiceAgentsService],
  exports: [ServiceAgentsService],
})
export class AgentsModule {}
