import { Injectable } from '@nestjs/common';
import { CredentialRevoker } from '../../credentials';
import { type BatchActionHandler, BatchActionHandlerFor, type BatchChunk, type ChunkResult, type TargetOutcome } from '../batch-action';
import type { Tx } from '../../core/database/db.service';

/**
 * revoke_api_keys: each key (of a visible agent; the workspace primary key answers not_found, as
 * on operator REST) is revoked with api_key.revoked, refused on every node once the chunk
 * commits; an already revoked key is skipped.
 */
@BatchActionHandlerFor('revoke_api_keys')
@Injectable()
export class RevokeApiKeysAction implements BatchActionHandler {
  readonly targetKind = 'credential' as const;

  constructor(private readonly revoker: CredentialRevoker) {}

  async apply(tx: Tx, chunk: BatchChunk<object>, targetIds: readonly string[]): Promise<ChunkResult> {
    const revoked = await this.revoker.revokeMany(tx, chunk.workspaceId, targetIds);
    const found = new Map<string, TargetOutcome>();
    for (const [id, outcome] of revoked)
      found.set(id, outcome === 'revoked' ? { status: 'succeeded' } : { status: 'skipped', error: 'already_revoked' });
    const changed = [...revoked].filter(([, o]) => o === 'revoked').map(([id]) => id);
    return { outcomes: found, afterCommit: () => this.revoker.publishCredentialsChanged(changed) };
  }
}
