import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentCommandsController } from './agent-commands.controller';
import { AgentCommandsRepository } from './agent-commands.repository';
import { AgentCommandsService } from './agent-commands.service';
import { AgentCommand } from './entities/agent-command.entity';

/** Operator REST for agent commands; the socket gateway delivers them and records results. */
@Module({
  imports: [TypeOrmModule.forFeature([AgentCommand])],
  controllers: [AgentCommandsController],
  providers: [AgentCommandsRepository, AgentCommandsService],
  exports: [AgentCommandsService],
})
export class AgentCommandsModule {}
