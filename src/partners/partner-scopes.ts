export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const ENGAGEMENT_STATUSES = ['active', 'revoked'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

/** Scopes in their canonical order, without repeats. */
export function canonicalScopes<S extends string>(all: readonly S[], wanted: readonly S[]): S[] {
  return all.filter((s) => wanted.includes(s));
}
