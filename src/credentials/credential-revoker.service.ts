import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { type Tx, Db } from '../core/database/db.service';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { Outbox } from '../events';
import { CredentialsRepository } from './credentials.repository';
import type { StoredCredentialStatus } from './credential-status';

/**
 * Archives and revokes machine credentials, and tells every node. A revocation is told twice: as
 * `api_key.revoked` in the outbox, in the revoking transaction (durable, relayed to every node
 * even when this one cannot publish on the bus), and as a credential change on the event bus once
 * committed (at once). MachineCredentialVerifier drops the credential from its caches on either,
 * so everything minted from it stops working on every node. An archival is told on the bus and
 * as a notification of the archiving transaction (CredentialsRepository.setStatus, ADR 0230). The
 * caller audits: an operator's archival or revocation (changeStatusIn) in its transaction, and a
 * revocation that is part of another change (a reset, a replay, a rotation) is named by that
 * change's event (ADR 0239).
 */
@Injectable()
export class CredentialRevoker {
  constructor(
    private readonly repo: CredentialsRepository,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly db: Db,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Archives or revokes a credential of the workspace; everything minted from it stops working
   * at once on every node. "Not found" and "not yours" answer alike.
   */
  async changeStatus(credentialId: string, workspaceId: string, status: 'archived' | 'revoked'): Promise<void> {
    await this.db.transaction((tx) => this.changeStatusIn(tx, credentialId, workspaceId, status));
    await this.publishCredentialChanged(credentialId);
  }

  /**
   * `changeStatus` in `m`'s transaction: the status the credential had, or undefined when it had
   * this one already (or was revoked); 404 when it is not the workspace's. Call
   * publishCredentialChanged once committed.
   */
  async changeStatusIn(
    m: Tx,
    credentialId: string,
    workspaceId: string,
    status: 'archived' | 'revoked',
  ): Promise<StoredCredentialStatus | undefined> {
    const previous = await this.repo.setStatus(m, credentialId, workspaceId, status, this.clock.date());
    if (previous === undefined && !(await this.repo.existsInWorkspace(m, credentialId, workspaceId))) throw new NotFoundProblem();
    if (previous !== undefined && status === 'revoked') await this.recordRevoked(m, workspaceId, [credentialId]);
    return previous;
  }

  /**
   * Revokes the workspace's visible keys among `ids` in `m`'s transaction, with `api_key.revoked`
   * for each one revoked now. By key id: revoked now, or already; ids not found (or of the hidden
   * workspace-key agent) are absent. Call publishCredentialsChanged once committed.
   */
  async revokeMany(m: Tx, workspaceId: string, ids: readonly string[]): Promise<Map<string, 'revoked' | 'already_revoked'>> {
    const found = await this.repo.revokeVisibleMany(m, workspaceId, ids, this.clock.date());
    const revoked = found.filter((k) => k.previous !== 'revoked').map((k) => k.id);
    await this.recordRevoked(m, workspaceId, revoked);
    return new Map(found.map((k) => [k.id, k.previous === 'revoked' ? ('already_revoked' as const) : ('revoked' as const)]));
  }

  /** Revokes every usable or archived key of one agent in `m`'s transaction, with api_key.revoked each; returns their ids. */
  async revokeAllOfAgent(m: Tx, workspaceId: string, agentId: string): Promise<string[]> {
    const revoked = await this.repo.revokeAllOfAgent(m, agentId, this.clock.date());
    await this.recordRevoked(m, workspaceId, revoked);
    return revoked;
  }

  /** Revokes every key of the given agents in `m`'s transaction, with api_key.revoked each (a data erasure); returns their ids. */
  async revokeAllOfAgents(m: Tx, workspaceId: string, agentIds: readonly string[]): Promise<string[]> {
    const revoked = await this.repo.revokeAllOfAgents(m, workspaceId, agentIds, this.clock.date());
    await this.recordRevoked(m, workspaceId, revoked);
    return revoked;
  }

  /** Tells every node at once that the credential changed (after the change is committed). */
  async publishCredentialChanged(credentialId: string): Promise<void> {
    await this.events.publish({ type: CredentialEvents.credentialChanged, credentialId });
  }

  async publishCredentialsChanged(credentialIds: readonly string[]): Promise<void> {
    for (const id of credentialIds) await this.publishCredentialChanged(id);
  }

  /**
   * Records `api_key.revoked` for each credential in the revoking transaction. Besides telling
   * integrations, the event reaches every node through the outbox even when the revoking node
   * cannot publish on the bus (MachineCredentialVerifier listens for it).
   */
  private async recordRevoked(m: Tx, workspaceId: string, credentialIds: readonly string[]): Promise<void> {
    const revokedAt = this.clock.date().toISOString();
    for (const id of credentialIds)
      await this.outbox.record(m, workspaceId, 'api_key.revoked', { credential_id: id, revoked_at: revokedAt });
  }
}
