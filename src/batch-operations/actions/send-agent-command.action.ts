import { Injectable } from '@nestjs/common';
import { AgentCommandsService } from '../../agent-commands';
import { type BatchActionHandler, BatchActionHandlerFor, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-action';
import { SendAgentCommandParams } from '../dto/batch-params.dto';
import type { Tx } from '../../core/database/db.service';

/**
 * send_agent_command: each visible, active agent gets the command (with agent_command.created),
 * pushed to its live sockets once the chunk commits; an inactive agent fails with
 * service_agent_inactive.
 */
@BatchActionHandlerFor('send_agent_command')
@Injectable()
export class SendAgentCommandAction implements BatchActionHandler<SendAgentCommandParams> {
  readonly targetKind = 'service_agent' as const;
  readonly paramsType = SendAgentCommandParams;

  constructor(private readonly commands: AgentCommandsService) {}

  async apply(tx: Tx, chunk: BatchChunk<SendAgentCommandParams>, targetIds: readonly string[]): Promise<ChunkResult> {
    const { created, refused } = await this.commands.createMany(tx, {
      workspaceId: chunk.workspaceId,
      serviceAgentIds: targetIds,
      name: chunk.params.name,
      payload: chunk.params.payload ?? {},
      createdBy: chunk.createdBy,
    });
    const found = new Map<string, TargetOutcome>(created.map((c) => [c.service_agent_id, { status: 'succeeded' }]));
    for (const [id, reason] of refused) found.set(id, { status: 'failed', error: reason });
    return { outcomes: found, afterCommit: () => this.commands.publishCreated(created) };
  }
}
