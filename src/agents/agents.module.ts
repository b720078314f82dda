import { Global, Module } from '@nestjs/common';
import { ServiceAgentsService } from './service-agents.service';

@Global()
@Module({
  providers: [ServiceAgentsService],
  exports: [ServiceAgentsService],
})
export class AgentsModule {}
