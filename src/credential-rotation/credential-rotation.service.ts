import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { CredentialIssuer, CredentialRevoker, MachineAuthError, MachineCredentialVerifier, type MachinePrincipal } from '../credentials';
import { Outbox } from '../events';
import { CredentialRotationRepository, type RotatingCredential } from './credential-rotation.repository';
import type { RotateCredentialResponseDto } from './dto/rotate.dto';

/**
 * POST /api/v1/credentials/rotate: a machine replaces its own key (ADR 0233). In one transaction,
 * under the old key's row lock (so of two concurrent rotations one waits, then finds the key
 * rotated: 409 `credential_rotated`): a new key for the same agent with the old key's scopes (and
 * its lifetime, when it had one), an access token of it, the old key marked rotated with its end
 * (`expires_at`, at most the grace from now) notified to every node with the commit, with a grace
 * of 0 the old key revoked through CredentialRevoker (`api_key.revoked`), `api_key.rotated`, and
 * the audit event `api_key.rotate` by the machine that rotated (its principal's actor).
 * Nothing of it needs Redis; the bus publish after commit only speeds up this node's own caches.
 * A failure before the commit (PostgreSQL gone at any step) rolls all of it back: 503, nothing done.
 */
@Injectable()
export class CredentialRotationService {
  constructor(
    private readonly db: Db,
    private readonly repo: CredentialRotationRepository,
    private readonly issuer: CredentialIssuer,
    private readonly revoker: CredentialRevoker,
    private readonly verifier: MachineCredentialVerifier,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async rotate(machine: MachinePrincipal, graceSeconds: number): Promise<RotateCredentialResponseDto> {
    const answer = await this.db.transaction(async (tx) => {
      const old = await this.repo.lock(tx, machine.credentialId);
      if (!old) throw new MachineAuthError('invalid_api_key'); // deleted with its agent or workspace meanwhile
      if (old.rotatedAt) throw new ConflictProblem('credential_rotated');
      // revoked, archived or expired since the request was authenticated: refused as authentication would now
      this.verifier.assertCredentialUsable(old, this.clock.now());
      this.verifier.assertAccepts(old);
      const now = this.clock.date();
      const endsAt = earliest(old.credentialExpiresAt, new Date(now.getTime() + graceSeconds * 1000));
      const owner = { workspaceId: old.workspaceId, serviceAgentId: old.serviceAgentId };
      const keyExpiresAt = successorExpiry(old, now);
      const apiKey = await this.issuer.issueApiKey(tx, owner, old.credentialScopes, {
        expiresAt: keyExpiresAt,
        allowedIps: old.allowedIps,
      });
      const accessToken = await this.issuer.issueAccessToken(
        tx,
        { credentialId: apiKey.credential_id, serviceAgentId: old.serviceAgentId },
        old.credentialScopes,
      );
      await this.repo.markRotated(tx, old.credentialId, now, apiKey.credential_id, endsAt);
      if (graceSeconds === 0) await this.revoker.revokeMany(tx, old.workspaceId, [old.credentialId]);
      await Promise.all([
        this.outbox.record(tx, old.workspaceId, 'api_key.rotated', {
          credential_id: old.credentialId,
          replaced_by: apiKey.credential_id,
          service_agent_id: old.serviceAgentId,
          rotated_at: now.toISOString(),
          expires_at: endsAt.toISOString(),
        }),
        // the rotated key is the target; its successor is named by its id, never the key
        this.audit.record(tx, {
          workspaceId: old.workspaceId,
          action: 'api_key.rotate',
          target: { type: 'api_key', id: old.credentialId },
          changes: {
            replaced_by: [null, apiKey.credential_id],
            expires_at: [old.credentialExpiresAt?.toISOString() ?? null, endsAt.toISOString()],
            ...(graceSeconds === 0 && { status: [old.credentialStatus, 'revoked'] as const }),
          },
        }),
      ]);
      return {
        api_key: { ...apiKey, expires_at: keyExpiresAt && keyExpiresAt.toISOString() },
        access_token: accessToken,
        previous: { credential_id: old.credentialId, expires_at: endsAt.toISOString() },
      };
    });
    await this.revoker.publishCredentialChanged(answer.previous.credential_id);
    return answer;
  }
}

const earliest = (a: Date | null, b: Date): Date => (a && a.getTime() < b.getTime() ? a : b);

/** A key that expires is replaced by one with the same lifetime from now; one that never expires, by one that never does. */
function successorExpiry(old: RotatingCredential, now: Date): Date | null {
  if (!old.credentialExpiresAt) return null;
  return new Date(now.getTime() + (old.credentialExpiresAt.getTime() - old.insertedAt.getTime()));
}
