import { Injectable } from '@nestjs/common';
import { type AgentCommandDto, AgentCommandsService } from '../agent-commands';
import { type BatchActionHandler, BatchActionHandlerFor, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-operations';
import { OtaUpdateParams } from './dto/ota-update.dto';
import { OtaUpdatesService } from './ota-updates.service';
import type { Tx } from '../core/database/db.service';

/**
 * create_ota_update: one update per robot, as POST /api/v1/operator/ota-updates makes for one
 * robot; a robot that cannot take one fails with the reason (robot_retired, robot_not_enrolled,
 * ota_update_in_progress, service_agent_inactive, not_found). Commands go out once the chunk commits.
 */
@BatchActionHandlerFor('create_ota_update')
@Injectable()
export class CreateOtaUpdateAction implements BatchActionHandler<OtaUpdateParams> {
  readonly targetKind = 'robot' as const;
  readonly paramsType = OtaUpdateParams;

  constructor(
    private readonly updates: OtaUpdatesService,
    private readonly commands: AgentCommandsService,
  ) {}

  async apply(tx: Tx, chunk: BatchChunk<OtaUpdateParams>, targetIds: readonly string[]): Promise<ChunkResult> {
    const outcomes = new Map<string, TargetOutcome>();
    const sent: AgentCommandDto[] = [];
    for (const robotId of targetIds) {
      const created = await this.updates.createForRobot(
        tx,
        chunk.workspaceId,
        robotId,
        chunk.params,
        chunk.createdBy,
        chunk.batchOperationId,
      );
      if (created.ok) sent.push(created.command);
      outcomes.set(robotId, created.ok ? { status: 'succeeded' } : { status: 'failed', error: created.refusal });
    }
    return { outcomes, afterCommit: () => this.commands.publishCreated(sent) };
  }
}
