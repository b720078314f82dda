/** Codes of the second factor's problems (API.md Part 3 "Second factor (MFA)"). */
export type MfaProblemCode =
  /** 409: starting TOTP enrollment while an authenticator app is already confirmed (remove it first). */
  | 'totp_already_enabled'
  /** 409: confirming without a pending enrollment (start one with POST .../mfa/totp). */
  | 'totp_not_pending'
  /** 409: removing TOTP or replacing recovery codes without a confirmed authenticator app. */
  | 'totp_not_enabled';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    mfa: MfaProblemCode;
  }
}
