import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { EventsModule } from '../events';
import { AgentCommandsController } from './agent-commands.controller';
import { AgentCommandsRepository } from './agent-commands.repository';
import { AgentCommandsService } from './agent-commands.service';

/** Operator REST for agent commands; the socket gateway delivers them and records results. */
@Module({
  imports: [EventsModule, AuditModule],
  controllers: [AgentCommandsController],
  providers: [AgentCommandsRepository, AgentCommandsService],
  exports: [AgentCommandsService],
})
export class AgentCommandsModule {}
