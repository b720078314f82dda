/** Codes of operator API tokens (API.md Part 3 "Operator API tokens and IP allowlists"). */
export type ApiTokensProblemCode =
  /** 401: an aot_ token that is malformed or unknown */
  | 'invalid_api_token'
  /** 401: the token was revoked */
  | 'api_token_revoked'
  /** 401: the token's expires_at has passed */
  | 'api_token_expired'
  /** 403: the route needs a person's session; a token cannot do this (ADR 0260) */
  | 'person_required';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    apiTokens: ApiTokensProblemCode;
  }
}
