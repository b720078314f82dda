/** What a partner key may do (API.md, Partners and engagements). */
export const PARTNER_SCOPES = ['engagements:read', 'engagement_tokens:write'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** What an engagement token may do; an engagement's scopes default to all of them. */
export const ENGAGEMENT_SCOPES = ['engagement_events:write', 'engagement_events:read'] as const;
export type EngagementScope = (typeof ENGAGEMENT_SCOPES)[number];

export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const ENGAGEMENT_STATUSES = ['active', 'revoked'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

/** Scopes in their canonical order, without repeats. */
export function canonicalScopes<S extends string>(all: readonly S[], wanted: readonly string[]): S[] {
  return all.filter((s) => wanted.includes(s));
}
