import type { EngagementScope, PartnerScope, Principal } from '../auth';

/** A partner calling with its mpk_ key: no workspace of its own; counted as `partner:<id>`. */
export interface PartnerPrincipal extends Principal {
  readonly kind: 'partner';
  readonly partnerId: string;
  /** The key presented: engagement tokens record which key minted them. */
  readonly partnerKeyId: string;
  readonly workspaceId: null;
  readonly scopes: readonly PartnerScope[];
  readonly rateLimitSubject: { kind: 'partner'; id: string };
}

/** A partner's runtime with an engagement token: one engagement in one workspace; counted as `engagement:<id>`. */
export interface EngagementPrincipal extends Principal {
  readonly kind: 'engagement';
  readonly engagementId: string;
  readonly partnerId: string;
  readonly workspaceId: string;
  readonly scopes: readonly EngagementScope[];
  readonly rateLimitSubject: { kind: 'engagement'; id: string };
}
