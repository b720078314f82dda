import { Injectable } from '@nestjs/common';
import { RobotsService } from '../../enrollment';
import { type BatchActionHandler, BatchActionHandlerFor, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-action';
import { TagRobotsParams } from '../dto/batch-params.dto';
import type { Tx } from '../../core/database/db.service';

/** tag_robots: the tags each robot lacks are added after its own; a robot that has them all is skipped. */
@BatchActionHandlerFor('tag_robots')
@Injectable()
export class TagRobotsAction implements BatchActionHandler<TagRobotsParams> {
  readonly targetKind = 'robot' as const;
  readonly paramsType = TagRobotsParams;

  constructor(private readonly robots: RobotsService) {}

  async apply(tx: Tx, chunk: BatchChunk<TagRobotsParams>, targetIds: readonly string[]): Promise<ChunkResult> {
    const changed = await this.robots.addTags(tx, chunk.workspaceId, targetIds, chunk.params.tags);
    const found = new Map<string, TargetOutcome>();
    for (const [id, didChange] of changed)
      found.set(id, didChange ? { status: 'succeeded' } : { status: 'skipped', error: 'already_tagged' });
    return { outcomes: found };
  }
}
