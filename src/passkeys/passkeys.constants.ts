/** The relying party's name authenticators show (API.md Part 3: passkeys, rp id = BASE_URL's host). */
export const RP_NAME = 'Agent Network';

/**
 * Signature algorithms offered and accepted: EdDSA, ES256, RS256 (the library's defaults without
 * the experimental ML-DSA, which would make Node print warnings and no authenticator ships).
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/** How many passkeys one account may hold (GitHub and Okta cap theirs in the tens). */
export const PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_NAME_MAX = 100;

/** The transports WebAuthn Level 3 names; anything else a client sends is dropped, not stored. */
export const PASSKEY_TRANSPORTS: ReadonlySet<string> = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The passkeys page (the lead moves its section into /app/account/security). */
export const PASSKEYS_PAGE_PATH = '/app/account/passkeys';
