/** Codes of the passkeys feature's problems (API.md Part 3 "Second factor (MFA)": passkeys). */
export type PasskeysProblemCode =
  /** 422: no registration challenge is pending for this session (never asked, answered already, or older than 5 minutes). */
  | 'webauthn_challenge_invalid'
  /** 422: the authenticator's response does not verify (origin, rp id, challenge, signature, or a malformed response). */
  | 'webauthn_verification_failed'
  /** 409: this authenticator's credential is registered already. */
  | 'webauthn_credential_exists'
  /** 409: the account has the most passkeys it may have (PASSKEYS_PER_ACCOUNT). */
  | 'webauthn_credential_limit';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    passkeys: PasskeysProblemCode;
  }
}
