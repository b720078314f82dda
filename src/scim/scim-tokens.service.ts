import { Injectable } from '@nestjs/common';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { NotFoundProblem } from '../core/common/problem/problem.error';
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
 * SHA-256, never expiring; rotation is creating a new token and revoking the old one.
 */
@Injectable()
export class ScimTokensService {
  constructor(private readonly tokens: ScimTokensRepository) {}

  async create(workspaceId: string, createdBy: string, name: string | undefined): Promise<IssuedScimTokenDto> {
    const token = `scim_${randomToken(32)}`;
    const row = await this.tokens.insert(workspaceId, name ?? 'SCIM token', sha256(token), createdBy);
    return { id: row.id, name: row.name, token, created_at: iso(row.inserted_at)! };
  }

  async list(workspaceId: string, q: ListQuery<typeof SCIM_TOKEN_LIST.key, true>): Promise<ScimTokenListDto> {
    const { rows, total } = await this.tokens.list(workspaceId, q);
    return listEnvelope(q, rows.map(toDto), total);
  }

  /** Revoked at once on every node (each SCIM request looks its token up). Unknown, foreign or revoked: 404. */
  async revoke(workspaceId: string, id: string): Promise<void> {
    if (!(await this.tokens.revoke(workspaceId, id))) throw new NotFoundProblem();
  }
}
