/** Codes of the credential rotation module's problems. */
export type CredentialRotationProblemCode =
  /** POST /api/v1/credentials/rotate with a key that was already rotated (or a token minted from one). */
  'credential_rotated';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    credentialRotation: CredentialRotationProblemCode;
  }
}
