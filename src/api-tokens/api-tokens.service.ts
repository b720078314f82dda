import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { roleAtLeast } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { mintPrefixedSecret } from '../core/common/crypto/secrets';
import { ForbiddenProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { canonicalAllowlist } from '../core/common/validation/allowed-ips';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { API_TOKEN_LIST, ApiTokenDto, ApiTokenListDto, CreateApiTokenDto, IssuedApiTokenDto } from './dto/api-token.dto';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toDto = (r: ApiTokenRow): ApiTokenDto => ({
  id: r.id,
  name: r.name,
  role: r.role,
  expires_at: iso(r.expires_at),
  allowed_ips: r.allowed_ips,
  last_used_at: iso(r.last_used_at),
  inserted_at: r.inserted_at.toISOString(),
});

/**
 * Operator API tokens of a workspace (API.md Part 3; ADRs 0258 to 0261): minted by owners and
 * admins with a role no higher than their own, shown once, stored as the SHA-256 of the secret,
 * listed without it, revoked at once on every node. Creating and revoking are each one audit event
 * in their transaction (target: the token, labelled with its name).
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly db: Db,
    private readonly repo: ApiTokensRepository,
    private readonly audit: AuditLog,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async create(op: WorkspaceOperatorPrincipal, dto: CreateApiTokenDto): Promise<IssuedApiTokenDto> {
    // roles are admin or member, so today only a member could ask above itself, and members cannot reach here
    if (!roleAtLeast(op.role, dto.role)) throw new ForbiddenProblem('insufficient_role');
    if (dto.expires_at && dto.expires_at.getTime() <= this.clock.now())
      throw new ValidationProblem({ expires_at: ['must be in the future'] });
    const allowedIps = canonicalAllowlist(dto.allowed_ips);
    const secret = mintPrefixedSecret('aot');
    const row = await this.db.transaction(async (tx) => {
      const created = await this.repo.insert(tx, {
        workspaceId: op.workspaceId,
        name: dto.name,
        role: dto.role,
        prefix: secret.prefix,
        secretHash: secret.secretHash,
        allowedIps,
        expiresAt: dto.expires_at ?? null,
        createdBy: op.userId,
      });
      await this.audit.record(tx, {
        workspaceId: op.workspaceId,
        action: 'api_token.create',
        target: { type: 'api_token', id: created.id, label: created.name },
        changes: { role: [null, created.role], expires_at: [null, iso(created.expires_at)], allowed_ips: [null, created.allowed_ips] },
      });
      return created;
    });
    return { ...toDto(row), token: secret.value };
  }

  async list(workspaceId: string, q: ListQuery<typeof API_TOKEN_LIST.key, true>): Promise<ApiTokenListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows.map(toDto), total);
  }

  /**
   * Revokes a live token of the workspace: unknown, foreign or already revoked is 404, so of two
   * revocations at once one revokes and writes the event, the other is 404. Every node drops the
   * token with the commit (the statement notifies), and this one at once (the bus).
   */
  async revoke(workspaceId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const revoked = await this.repo.revoke(tx, workspaceId, id, this.clock.date());
      if (!revoked) throw new NotFoundProblem();
      await this.audit.record(tx, {
        workspaceId,
        action: 'api_token.revoke',
        target: { type: 'api_token', id: revoked.id, label: revoked.name },
      });
    });
    await this.bus.publish({ type: CredentialEvents.credentialChanged, credentialId: id });
  }
}
