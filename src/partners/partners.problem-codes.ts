/** Codes of the marketplace plane's problems (partner keys, engagement tokens, the failed-auth throttle). */
export type PartnersProblemCode =
  /** No bearer credential, a malformed one, an unknown one, or one of another family (agk_, SCIM, session, partner key on an engagement route...). */
  | 'invalid_token'
  /** An engagement token past its expires_at. */
  | 'token_expired'
  /** An engagement token whose engagement the workspace revoked. */
  | 'engagement_revoked'
  /** A partner key rotated away (its grace period is over), or an engagement token minted with one. */
  | 'partner_key_expired'
  /** A suspended partner's key, or an engagement token under a suspended partner (403). */
  | 'partner_suspended'
  /** An engagement token used on another engagement's route (403). */
  | 'forbidden'
  /** A route needing a scope the partner key or engagement token lacks (403, detail INSUFFICIENT_SCOPE_DETAIL). */
  | 'insufficient_scope'
  /** The 31st 401/403 answer from one client address within the window, and everything after it (429). */
  | 'failed_auth_throttled'
  /** A workspace granting a partner it already has an active engagement with (409). */
  | 'engagement_exists';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    partners: PartnersProblemCode;
  }
}
