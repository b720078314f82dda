import { Injectable } from '@nestjs/common';
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

/**
 * Partners, managed by platform admins: issue (the mpk_ key is returned once; only the SHA-256
 * of its secret is stored), edit, rotate with an optional grace period, suspend and reinstate.
 * Every change that can end a key or the tokens minted with it notifies every node in its
 * transaction, so it takes effect at once everywhere.
 */
@Injectable()
export class PartnersService {
  constructor(
    private readonly db: Db,
    private readonly repo: PartnersRepository,
    private readonly credentials: MarketplaceCredentialsService,
    private readonly clock: Clock,
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
    return this.change(id, (m) => this.repo.update(m, id, { name: changes.name, scopes }));
  }

  /**
   * A new key; the old ones stop after `graceSeconds` (0: at once), and with them the engagement
   * tokens they minted. Concurrent rotations of one partner run one after the other.
   */
  async rotate(id: string, graceSeconds = 0): Promise<IssuedPartnerKeyEnvelopeDto> {
    let partner_key: (PartnerKeyDto & { id: string }) | undefined;
    const partner = await this.change(id, async (m) => {
      if (!(await this.repo.lock(m, id))) return false;
      partner_key = await this.newKey(m, id);
      await this.repo.expireOtherKeys(m, id, partner_key.id, new Date(this.clock.now() + graceSeconds * 1000));
      return true;
    });
    const { id: _keyId, ...shown } = partner_key!;
    return { partner, partner_key: shown };
  }

  /** Suspending refuses the partner's key and every engagement token under it at once (403). Idempotent. */
  setStatus(id: string, status: PartnerStatus): Promise<PartnerDto> {
    return this.change(id, (m) => this.repo.setStatus(m, id, status, this.clock.date()));
  }

  /** Runs a change in a transaction that notifies every node, then drops this node's caches at once. */
  private async change(id: string, apply: (m: Tx) => Promise<boolean>): Promise<PartnerDto> {
    const partner = await this.db.transaction(async (m) => {
      if (!(await apply(m))) return undefined;
      await this.repo.notifyChanged(m);
      return this.repo.find(id, m);
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
