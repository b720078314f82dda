import { Module } from '@nestjs/common';
import { OperatorAgentsRepository } from './operator-agents.repository';
import { OperatorAgentsService } from './operator-agents.service';
import { OperatorController } from './operator.controller';

/** Operator REST: the signed-in operator's view of their workspace's agents and keys. */
@Module({ controllers: [OperatorController], providers: [OperatorAgentsRepository, OperatorAgentsService], exports: [OperatorAgentsService] })
export class OperatorModule {}
