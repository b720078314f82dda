import { Module, OnModuleInit } from '@nestjs/common';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { EventsModule } from '../events';
import { AgentCommandsController } from './agent-commands.controller';
import { AgentCommandsRepository } from './agent-commands.repository';
import { AgentCommandsService } from './agent-commands.service';

/** Operator REST for agent commands; the socket gateway delivers them and records results. */
@Module({
  imports: [EventsModule, DataSubjectsModule],
  controllers: [AgentCommandsController],
  providers: [AgentCommandsRepository, AgentCommandsService],
  exports: [AgentCommandsService],
})
export class AgentCommandsModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly commands: AgentCommandsRepository,
  ) {}

  /** Data requests: commands sent to a subject's agents (payload and result erased), and an operator's name on those they sent. */
  onModuleInit(): void {
    this.subjects.registerPaged('agent_commands', this.commands);
  }
}
