import { Module } from '@nestjs/common';
import { ServiceAgentsService } from './service-agents.service';

@Module({
  providers: [ServiceAgentsService],
  exports: [ServiceAgentsService],
})
export class AgentsModule {}
