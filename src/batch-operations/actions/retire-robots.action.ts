import { Injectable } from '@nestjs/common';
import { RobotsService } from '../../enrollment';
import { type BatchActionHandler, BatchActionHandlerFor, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-action';
import type { Tx } from '../../core/database/db.service';

/** retire_robots: each robot retired and its agent deactivated; an already retired robot is skipped. */
@BatchActionHandlerFor('retire_robots')
@Injectable()
export class RetireRobotsAction implements BatchActionHandler {
  readonly targetKind = 'robot' as const;

  constructor(private readonly robots: RobotsService) {}

  async apply(tx: Tx, chunk: BatchChunk<object>, targetIds: readonly string[]): Promise<ChunkResult> {
    const { outcomes, agentIds } = await this.robots.retireMany(tx, chunk.workspaceId, targetIds);
    const found = new Map<string, TargetOutcome>();
    for (const [id, outcome] of outcomes) {
      found.set(id, outcome === 'retired' ? { status: 'succeeded' } : { status: 'skipped', error: 'already_retired' });
    }
    return { outcomes: found, afterCommit: () => this.robots.publishRetired(agentIds) };
  }
}
