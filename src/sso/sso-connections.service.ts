import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { SecretBox } from '../core/common/crypto/secret-box';
import { isUniqueViolation } from '../core/common/problem/pg-errors';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import {
  type CreateSsoConnectionDto,
  SSO_MAX_CONNECTIONS,
  type SsoConnectionDto,
  type UpdateSsoConnectionDto,
} from './dto/sso-connection.dto';
import { OidcClient, sealContext } from './oidc-client';
import { type ConnectionValues, type SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository';
import './sso.problem-codes';

const DOMAINS_TAKEN = ['sso_connection_domains_pkey'];
/** How a changed client secret appears in an event: that it changed, never what it is. */
const SEALED = '[sealed]';

/**
 * A workspace's SSO connections (API.md Part 3 "Single sign-on"): created and changed by owners,
 * the issuer checked by discovery first, the client secret sealed (bound to the connection's id)
 * and never returned, each change audited in its transaction.
 */
@Injectable()
export class SsoConnectionsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SsoConnectionsRepository,
    private readonly oidc: OidcClient,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async list(workspaceId: string): Promise<SsoConnectionDto[]> {
    return (await this.repo.list(workspaceId, SSO_MAX_CONNECTIONS)).map((r) => this.toDto(r));
  }

  async show(workspaceId: string, id: string): Promise<SsoConnectionDto> {
    const row = await this.repo.find(this.db, workspaceId, id);
    if (!row) throw new NotFoundProblem();
    return this.toDto(row);
  }

  /** A row as the service reads it for a sign-in: any workspace's (the flow names the connection). */
  findForSignIn(id: string): Promise<SsoConnectionRow | undefined> {
    return this.repo.findById(id);
  }

  /** The active connection holding an address's domain. */
  byDomain(domain: string): Promise<SsoConnectionRow | undefined> {
    return this.repo.activeByDomain(domain);
  }

  async create(workspaceId: string, dto: CreateSsoConnectionDto): Promise<SsoConnectionDto> {
    await this.checkIssuer(dto.issuer, dto.client_id);
    const domains = unique(dto.domains);
    const id = randomUUID();
    const values: ConnectionValues = {
      name: dto.name,
      issuer: dto.issuer,
      clientId: dto.client_id,
      clientSecretSealed: this.box.seal(dto.client_secret, sealContext(id)),
      enforce: dto.enforce ?? false,
      jitProvisioning: dto.jit_provisioning ?? false,
      defaultRole: dto.default_role ?? 'member',
      emailClaimFallback: dto.email_claim_fallback ?? null,
    };
    const row = await this.domainsUnique(() =>
      this.db.transaction(async (tx) => {
        if ((await this.repo.lockCount(tx, workspaceId)) >= SSO_MAX_CONNECTIONS) {
          throw new ValidationProblem({ base: [`a workspace has at most ${SSO_MAX_CONNECTIONS} SSO connections`] });
        }
        await this.repo.insert(tx, id, workspaceId, values, domains, this.clock.date());
        const created = await this.found(tx, workspaceId, id);
        await this.audit.record(tx, {
          workspaceId,
          action: 'sso_connection.create',
          target: target(created),
          changes: {
            name: [null, created.name],
            issuer: [null, created.issuer],
            client_id: [null, created.client_id],
            client_secret: [null, SEALED],
            domains: [null, created.domains],
            enforce: [null, created.enforce],
            jit_provisioning: [null, created.jit_provisioning],
            default_role: [null, created.default_role],
            email_claim_fallback: [null, created.email_claim_fallback],
          },
        });
        return created;
      }),
    );
    return this.toDto(row);
  }

  async update(workspaceId: string, id: string, dto: UpdateSsoConnectionDto): Promise<SsoConnectionDto> {
    const before = await this.repo.find(this.db, workspaceId, id);
    if (!before) throw new NotFoundProblem();
    const issuer = dto.issuer ?? before.issuer;
    const clientId = dto.client_id ?? before.client_id;
    if (issuer !== before.issuer || clientId !== before.client_id) await this.checkIssuer(issuer, clientId);
    const domains = dto.domains ? unique(dto.domains) : undefined;
    const row = await this.domainsUnique(() =>
      this.db.transaction(async (tx) => {
        const locked = await this.repo.lock(tx, workspaceId, id);
        if (!locked) throw new NotFoundProblem();
        const next = {
          name: dto.name ?? locked.name,
          issuer,
          clientId,
          clientSecretSealed:
            dto.client_secret !== undefined ? this.box.seal(dto.client_secret, sealContext(id)) : locked.client_secret_sealed,
          enforce: dto.enforce ?? locked.enforce,
          jitProvisioning: dto.jit_provisioning ?? locked.jit_provisioning,
          defaultRole: dto.default_role ?? locked.default_role,
          emailClaimFallback: dto.email_claim_fallback !== undefined ? dto.email_claim_fallback : locked.email_claim_fallback,
          status: dto.status ?? locked.status,
        };
        await this.repo.update(tx, locked, next, domains, this.clock.date());
        const after = await this.found(tx, workspaceId, id);
        const changes = diff(locked, after);
        if (dto.client_secret !== undefined) changes.client_secret = [SEALED, SEALED];
        if (Object.keys(changes).length > 0) {
          await this.audit.record(tx, { workspaceId, action: 'sso_connection.update', target: target(after), changes });
        }
        return after;
      }),
    );
    return this.toDto(row);
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const locked = await this.repo.lock(tx, workspaceId, id);
      if (!locked) throw new NotFoundProblem();
      await this.repo.delete(tx, id);
      await this.audit.record(tx, {
        workspaceId,
        action: 'sso_connection.delete',
        target: target(locked),
        changes: { status: [locked.status, null], domains: [locked.domains, null] },
      });
    });
  }

  toDto(r: SsoConnectionRow): SsoConnectionDto {
    return {
      id: r.id,
      name: r.name,
      issuer: r.issuer,
      client_id: r.client_id,
      domains: r.domains,
      enforce: r.enforce,
      jit_provisioning: r.jit_provisioning,
      default_role: r.default_role,
      email_claim_fallback: r.email_claim_fallback,
      status: r.status,
      redirect_uri: this.oidc.redirectUri,
      inserted_at: r.inserted_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  }

  private async checkIssuer(issuer: string, clientId: string): Promise<void> {
    const problem = await this.oidc.check(issuer, clientId);
    if (problem) throw new ValidationProblem({ issuer: [problem] });
  }

  private async found(tx: Tx, workspaceId: string, id: string): Promise<SsoConnectionRow> {
    const row = await this.repo.find(tx, workspaceId, id);
    if (!row) throw new NotFoundProblem();
    return row;
  }

  /** A domain held by any connection (this workspace's or another's) is 409 domain_taken. */
  private async domainsUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, DOMAINS_TAKEN)) {
        // the contract's code is the problem's detail, as for every other code (ProblemInit.detail)
        throw new ConflictProblem('domain_taken');
      }
      throw err;
    }
  }
}

const unique = (domains: readonly string[]) => [...new Set(domains)];

const target = (r: SsoConnectionRow) => ({ type: 'sso_connection', id: r.id, label: r.name });

/** The fields that changed, `[before, after]` (the secret is never compared or shown). */
function diff(a: SsoConnectionRow, b: SsoConnectionRow): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of [
    'name',
    'issuer',
    'client_id',
    'enforce',
    'jit_provisioning',
    'default_role',
    'email_claim_fallback',
    'status',
  ] as const) {
    if (a[k] !== b[k]) out[k] = [a[k], b[k]];
  }
  if (a.domains.join(',') !== b.domains.join(',')) out.domains = [a.domains, b.domains];
  return out;
}
