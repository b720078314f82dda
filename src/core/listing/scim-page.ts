/** SCIM list paging (RFC 7644 3.4.2.4; SPEC.md and API.md, SCIM 2.0): clamps, never a 400. */
export const SCIM_COUNT_DEFAULT = 50;
export const SCIM_COUNT_MAX = 100;
export const SCIM_LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export interface ScimPage {
  /** 1-based index of the first resource, echoed in the ListResponse */
  startIndex: number;
  /** for SQL: OFFSET startIndex - 1 */
  offset: number;
  /** for SQL: LIMIT count (0: read no resources, only the total) */
  limit: number;
}

const INTEGER = /^[+-]?[0-9]+$/;

/** An integer parameter; absent, repeated or not an integer reads as undefined (the default applies). */
function integer(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !INTEGER.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : Math.sign(value) * Number.MAX_SAFE_INTEGER;
}

/**
 * `startIndex` (1-based, default 1, below 1 read as 1) and `count` (default 50, above 100
 * clamped to 100, negative read as 0; 0 returns no Resources but the real totalResults).
 */
export function parseScimPage(query: Record<string, unknown>): ScimPage {
  const startIndex = Math.max(1, integer(query.startIndex) ?? 1);
  const limit = Math.min(SCIM_COUNT_MAX, Math.max(0, integer(query.count) ?? SCIM_COUNT_DEFAULT));
  return { startIndex, offset: startIndex - 1, limit };
}

export interface ScimListResponse<T> {
  schemas: [typeof SCIM_LIST_RESPONSE];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

/** The SCIM ListResponse of a page: `itemsPerPage` is the number of Resources returned. */
export function scimListResponse<T>(page: ScimPage, resources: T[], totalResults: number): ScimListResponse<T> {
  return {
    schemas: [SCIM_LIST_RESPONSE],
    totalResults,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
