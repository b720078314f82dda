import { Module } from '@nestjs/common';
import { OperatorAgentsService } from './operator-agents.service';
import { OperatorController } from './operator.controller';

/** Operator REST: the signed-in operator's view of their workspace's agents and keys. */
@Module({ controllers: [OperatorController], providers: [OperatorAgentsService], exports: [OperatorAgentsService] })
export class OperatorModule {}
