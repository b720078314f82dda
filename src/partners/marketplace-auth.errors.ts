import { ForbiddenProblem, UnauthorizedProblem } from '../core/common/problem/problem.error';
import type { PartnersProblemCode } from './partners.problem-codes';

type Refusal401 = Extract<PartnersProblemCode, 'invalid_token' | 'token_expired' | 'engagement_revoked' | 'partner_key_expired'>;

/** 401 refusals of partner keys and engagement tokens, with the bearer challenge of their realm. */
export class MarketplaceAuthError extends UnauthorizedProblem<Refusal401> {
  constructor(
    readonly reason: Refusal401,
    realm: 'partner' | 'engagement',
  ) {
    super(reason, { headers: { 'www-authenticate': `Bearer realm="${realm}"` } });
  }
}

/** A suspended partner's key, and every engagement token minted under it. */
export class PartnerSuspendedError extends ForbiddenProblem<'partner_suspended'> {
  constructor() {
    super('partner_suspended');
  }
}
