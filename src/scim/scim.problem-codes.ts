/**
 * Codes of the SCIM plane's refusals. On /scim/v2 they are rendered in the SCIM error schema
 * (scim-error.writer.ts maps each to its RFC 7644 `scimType`); on the operator routes as problems.
 */
export type ScimProblemCode =
  /** No bearer token, or one that is not a live SCIM token (an agk_ key or a session included). */
  | 'invalid_scim_token'
  /** userName, Group displayName or login email already taken in this workspace (scimType uniqueness). */
  | 'scim_uniqueness'
  /** A required attribute is missing or a value has the wrong type (scimType invalidValue). */
  | 'scim_invalid_value'
  /** The request body is not a SCIM message of the expected shape (scimType invalidSyntax). */
  | 'scim_invalid_syntax'
  /** A list filter that cannot be parsed, or is given twice (scimType invalidFilter); an unsupported one is ignored. */
  | 'scim_invalid_filter'
  /** A PATCH path names nothing that can be changed (scimType noTarget). */
  | 'scim_no_target'
  /** A PATCH or PUT tries to change a read-only attribute (scimType mutability). */
  | 'scim_mutability'
  /** The workspace owner's membership cannot be suspended or removed through SCIM. */
  | 'scim_owner_protected'
  /** The SCIM token named in a path does not exist in this workspace (or is revoked already). */
  | 'scim_token_not_found';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    scim: ScimProblemCode;
  }
}
