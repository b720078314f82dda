import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { ScimTokenRow, ScimTokensRepository } from './scim-tokens.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { IssuedScimTokenDto, ScimTokenDto, ScimTokenListDto, SCIM_TOKEN_LIST } from './dto/scim-operator.dto';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toDto = (r: ScimTokenRow): ScimTokenDto => ({
  id: r.id,
  name: r.name,
  created_at: iso(r.inserted_at)!,
  last_used_at: iso(r.last_used_at),
});

/**
 * SCIM tokens of a workspace (owners and admins): random, shown once at creation, stored as
 * SHA-256, never expiring; rotation is creating a new token and revoking the old one. Creating
 * and revoking are audited in their transaction (target: the token's record, labelled with its name).
 */
@Injectable()
export class ScimTokensService {
  constructor(
    private readonly db: Db,
    private readonly tokens: ScimTokensRepository,
    private readonly audit: AuditLog,
  ) {}

  async create(workspaceId: string, createdBy: string, name: string | undefined): Promise<IssuedScimTokenDto> {
    const token = `scim_${randomToken(32)}`;
    const row = await this.db.transaction(async (tx) => {
      const created = await this.tokens.insert(tx, workspaceId, name ?? 'SCIM token', sha256(token), createdBy);
      await this.audit.record(tx, {
        workspaceId,
        action: 'scim_token.create',
        target: { type: 'scim_token', id: created.id, label: created.name },
      });
      return created;
    });
    return { id: row.id, name: row.name, token, created_at: iso(row.inserted_at)! };
  }

  async list(workspaceId: string, q: ListQuery<typeof SCIM_TOKEN_LIST.key, true>): Promise<ScimTokenListDto> {
    const { rows, total } = await this.tokens.list(workspaceId, q);
    return listEnvelope(q, rows.map(toDto), total);
  }

  /** Revoked at once on every node (each SCIM request looks its token up). Unknown, foreign or revoked: 404. */
  async revoke(workspaceId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const revoked = await this.tokens.revoke(tx, workspaceId, id);
      if (!revoked) throw new NotFoundProblem();
      await this.audit.record(tx, {
        workspaceId,
        action: 'scim_token.revoke',
        target: { type: 'scim_token', id: revoked.id, label: revoked.name },
      });
    });
  }
}
