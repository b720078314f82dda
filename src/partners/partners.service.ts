import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditAction, type AuditChanges } from '../audit';
import { PARTNER_SCOPES, type PartnerScope } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { mintPrefixedSecret } from '../core/common/crypto/secrets';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { MarketplaceCredentialsService } from './marketplace-credentials.service';
import { canonicalScopes, PartnerStatus } from './partner-scopes';
import { PartnersRepository } from './partners.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { IssuedPartnerKeyEnvelopeDto, PartnerDto, PartnerKeyDto, PartnerListDto, PartnerSummaryListDto } from './dto/partner.dto';

/** A partner change's audit event, recorded in each engaged workspace (the target is the partner unless said). */
interface PartnerAudit {
  action: AuditAction;
  target?: { type: string; id: string; label: string | null };
  changes: AuditChanges | null;
}

/**
 * Partners, managed by platform admins: issue (the mpk_ key is returned once; only the SHA-256
 * of its secret is stored), edit, rotate with an optional grace period, suspend and reinstate.
 * Every change that can end a key or the tokens minted with it notifies every node in its
 * transaction, so it takes effect at once everywhere.
 *
 * Audit (ADR 0240): a partner belongs to no workspace; a change of one is recorded, in its
 * transaction, in every workspace with an active engagement of the partner (the workspaces it
 * reaches), by the platform admin. Issuing a partner reaches none (it has no engagement yet) and
 * writes nothing.
 */
@Injectable()
export class PartnersService {
  constructor(
    private readonly db: Db,
    private readonly repo: PartnersRepository,
    private readonly credentials: MarketplaceCredentialsService,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async issue(name: string, scopes: readonly PartnerScope[]): Promise<IssuedPartnerKeyEnvelopeDto> {
    return this.db.transaction(async (m) => {
      const id = await this.repo.insertPartner(m, name, canonicalScopes(PARTNER_SCOPES, scopes));
      const { id: _keyId, ...partner_key } = await this.newKey(m, id);
      return { partner: (await this.repo.find(id, m))!, partner_key };
    });
  }

  async get(id: string): Promise<PartnerDto> {
    const partner = await this.repo.find(id);
    if (!partner) throw new NotFoundProblem();
    return partner;
  }

  async list(q: ListQuery<'partners', true>): Promise<PartnerListDto> {
    const { rows, total } = await this.repo.list(q);
    return listEnvelope(q, rows, total);
  }

  async listActive(q: ListQuery<'partners', true>): Promise<PartnerSummaryListDto> {
    const { rows, total } = await this.repo.listActive(q);
    return listEnvelope(q, rows, total);
  }

  /** Name and scopes; narrowed scopes bind the partner's key at once. */
  async update(id: string, changes: { name?: string; scopes?: readonly PartnerScope[] }): Promise<PartnerDto> {
    const scopes = changes.scopes && canonicalScopes(PARTNER_SCOPES, changes.scopes);
    return this.change(
      id,
      (m) => this.repo.update(m, id, { name: changes.name, scopes }),
      (before, after) => ({ action: 'partner.update', changes: AuditLog.changes(before, after, ['name', 'scopes']) }),
    );
  }

  /**
   * A new key; the old ones stop after `graceSeconds` (0: at once), and with them the engagement
   * tokens they minted. Concurrent rotations of one partner run one after the other.
   */
  async rotate(id: string, graceSeconds = 0): Promise<IssuedPartnerKeyEnvelopeDto> {
    let partner_key: (PartnerKeyDto & { id: string }) | undefined;
    const partner = await this.change(
      id,
      async (m) => {
        partner_key = await this.newKey(m, id);
        await this.repo.expireOtherKeys(m, id, partner_key.id, new Date(this.clock.now() + graceSeconds * 1000));
        return true;
      },
      // the new key's record: its id and public prefix, never the key
      (before, after) => ({
        action: 'partner_key.create',
        target: { type: 'partner_key', id: partner_key!.id, label: partner_key!.prefix },
        changes: AuditLog.changes(before, after, ['key_prefix']),
      }),
    );
    const { id: _keyId, ...shown } = partner_key!;
    return { partner, partner_key: shown };
  }

  /** Suspending refuses the partner's key and every engagement token under it at once (403). Idempotent: setting the status it has records nothing. */
  setStatus(id: string, status: PartnerStatus): Promise<PartnerDto> {
    return this.change(
      id,
      (m) => this.repo.setStatus(m, id, status, this.clock.date()),
      (before, after) =>
        before.status === after.status
          ? null
          : {
              action: status === 'active' ? 'partner.reactivate' : 'partner.suspend',
              changes: AuditLog.changes(before, after, ['status']),
            },
    );
  }

  /**
   * Runs a change in a transaction (the partner row locked first) that notifies every node and
   * records the change's audit event (`audited`: null for a change that changed nothing) in every
   * workspace the partner is engaged by; then drops this node's caches at once.
   */
  private async change(
    id: string,
    apply: (m: Tx) => Promise<boolean>,
    audited: (before: PartnerDto, after: PartnerDto) => PartnerAudit | null,
  ): Promise<PartnerDto> {
    const partner = await this.db.transaction(async (m) => {
      if (!(await this.repo.lock(m, id))) return undefined;
      const before = (await this.repo.find(id, m))!;
      if (!(await apply(m))) return undefined;
      await this.repo.notifyChanged(m);
      const after = (await this.repo.find(id, m))!;
      const event = audited(before, after);
      if (event) {
        const target = event.target ?? { type: 'partner', id, label: after.name };
        for (const workspaceId of await this.repo.engagedWorkspaces(m, id)) {
          await this.audit.record(m, { workspaceId, action: event.action, target, changes: event.changes });
        }
      }
      return after;
    });
    this.credentials.invalidateAll();
    if (!partner) throw new NotFoundProblem();
    return partner;
  }

  private async newKey(m: Tx, partnerId: string): Promise<PartnerKeyDto & { id: string }> {
    const secret = mintPrefixedSecret('mpk');
    const row = await this.repo.insertKey(m, partnerId, secret.prefix, secret.secretHash, this.clock.date());
    return { id: row.id, key: secret.value, prefix: `mpk_${secret.prefix}`, created_at: row.insertedAt };
  }
}
