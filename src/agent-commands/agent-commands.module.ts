import { Module } from '@nestjs/common';
import { AgentCommandsController } from './agent-commands.controller';
import { AgentCommandsRepository } from './agent-commands.repository';
import { AgentCommandsService } from './agent-commands.service';

/** Operator REST for agent commands; the socket gateway delivers them and records results. */
@Module({
  controllers: [AgentCommandsController],
  providers: [AgentCommandsRepository, AgentCommandsService],
  exports: [AgentCommandsService],
})
export class AgentCommandsModule {}
