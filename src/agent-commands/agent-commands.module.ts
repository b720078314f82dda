import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { EventsModule } from '../events';
import { AgentCommandsPageController } from './agent-commands-page.controller';
import { AgentCommandsController } from './agent-commands.controller';
import { AgentCommandsRepository } from './agent-commands.repository';
import { AgentCommandsService } from './agent-commands.service';

/** Operator REST for agent commands; the socket gateway delivers them and records results. */
@Module({
  imports: [EventsModule, AuditModule, AgentsModule],
  controllers: [AgentCommandsController, AgentCommandsPageController],
  providers: [AgentCommandsRepository, AgentCommandsService],
  exports: [AgentCommandsService],
})
export class AgentCommandsModule {}
