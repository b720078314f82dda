/** An agk_ key's status: stored in api_credentials.status; `expired` is derived from expires_at. */
export type StoredCredentialStatus = 'usable' | 'archived' | 'revoked';
export type CredentialStatus = StoredCredentialStatus | 'expired';
