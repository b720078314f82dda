import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceAgent } from './entities/service-agent.entity';
import { ServiceAgentsService } from './service-agents.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ServiceAgent])],
  providers: [ServiceAgentsService],
  exports: [ServiceAgentsService],
})
export class AgentsModule {}
