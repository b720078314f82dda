import { Injectable, OnModuleInit } from '@nestjs/common';
import { MachineCredentialsService } from '../../credentials';
import { type BatchActionHandler, BatchActionRegistry, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-action';
import type { EntityManager } from 'typeorm';

/**
 * revoke_api_keys: each key (of a visible agent; the workspace primary key answers not_found, as
 * on operator REST) is revoked with api_key.revoked, refused on every node once the chunk
 * commits; an already revoked key is skipped.
 */
@Injectable()
export class RevokeApiKeysAction implements BatchActionHandler, OnModuleInit {
  readonly action = 'revoke_api_keys' as const;
  readonly targetKind = 'credential' as const;

  constructor(
    private readonly credentials: MachineCredentialsService,
    private readonly registry: BatchActionRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async apply(m: EntityManager, chunk: BatchChunk<object>, targetIds: readonly string[]): Promise<ChunkResult> {
    const revoked = await this.credentials.revokeMany(m, chunk.workspaceId, targetIds);
    const found = new Map<string, TargetOutcome>();
    for (const [id, outcome] of revoked)
      found.set(id, outcome === 'revoked' ? { status: 'succeeded' } : { status: 'skipped', error: 'already_revoked' });
    const changed = [...revoked].filter(([, o]) => o === 'revoked').map(([id]) => id);
    return { outcomes: found, afterCommit: () => this.credentials.publishCredentialsChanged(changed) };
  }
}
