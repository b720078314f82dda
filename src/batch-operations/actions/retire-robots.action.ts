import { Injectable, OnModuleInit } from '@nestjs/common';
import { RobotsService } from '../../enrollment';
import { type BatchActionHandler, BatchActionRegistry, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-action';
import type { EntityManager } from 'typeorm';

/** retire_robots: each robot retired and its agent deactivated; an already retired robot is skipped. */
@Injectable()
export class RetireRobotsAction implements BatchActionHandler, OnModuleInit {
  readonly action = 'retire_robots' as const;
  readonly targetKind = 'robot' as const;

  constructor(
    private readonly robots: RobotsService,
    private readonly registry: BatchActionRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async apply(m: EntityManager, chunk: BatchChunk<object>, targetIds: readonly string[]): Promise<ChunkResult> {
    const { outcomes, agentIds } = await this.robots.retireMany(m, chunk.workspaceId, targetIds);
    const found = new Map<string, TargetOutcome>();
    for (const [id, outcome] of outcomes) {
      found.set(id, outcome === 'retired' ? { status: 'succeeded' } : { status: 'skipped', error: 'already_retired' });
    }
    return { outcomes: found, afterCommit: () => this.robots.publishRetired(agentIds) };
  }
}
