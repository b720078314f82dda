/**
 * Every Redis key, channel and lifetime the service uses, in one place. Keys are built by these
 * functions only, so a reader can see the whole Redis footprint here.
 */
export const REDIS_PREFIX = 'ans';

/** Event types on the bus that concern operator sessions (consumed by the socket gateway). */
export const SessionEvents = {
  /** One session ended (log-out): { sessionId }. */
  sessionEnded: 'session.ended',
  /** Every session of a user ended (password reset): { userId }. */
  userSessionsRevoked: 'user.sessions_revoked',
  /**
   * A membership of the user ended (removed from a workspace): { userId }. Sessions open every
   * workspace of their account, so the user's operator sockets close and reconnect (ADR 0243).
   */
  userMembershipEnded: 'user.membership_ended',
} as const;

export const RedisChannels = {
  /**
   * Cross-node invalidation of in-process credential caches, socket disconnects and pushes, for
   * the nodes on Redis database `db`. Keys live in the selected database, but pub/sub channels are
   * the whole server's: the name carries the database, so deployments that share a Redis server
   * on different databases do not hear each other's events. Database 0 keeps the name it always
   * had, so nodes of earlier releases and this one hear each other during a rolling upgrade.
   */
  events: (db: number) => (db === 0 ? `${REDIS_PREFIX}:events` : `${REDIS_PREFIX}:events:${db}`),
} as const;

export const RedisKeys = {
  /** Memory mail transport: newest-first list of sent messages (capped). */
  mailbox: () => `${REDIS_PREFIX}:mailbox`,
  /** BullMQ key prefix for all queues. */
  bullPrefix: () => `${REDIS_PREFIX}:bull`,
  /** Failed passwords for one (email, client IP) pair; `id` is a hash, never the email. TTL: 15 min. */
  loginFailures: (id: string) => `${REDIS_PREFIX}:login:fail:${id}`,
  /** Cooldown after 10 failures for that pair. TTL: 30 min. */
  loginCooldown: (id: string) => `${REDIS_PREFIX}:login:cool:${id}`,
  /** Unreturned login attempts of one IP (/64 for IPv6). TTL: 15 min. */
  loginAttemptsByIp: (ipBucket: string) => `${REDIS_PREFIX}:login:ip:${ipBucket}`,
  /**
   * A log-in waiting for its second factor; `id` is the SHA-256 of the `_agent_ops_mfa` cookie's
   * (or `mfa_token`'s) random value, never the value. A hash: user, remember-me, return path,
   * user-agent hash, password fingerprint, created_at, wrong codes. TTL: 5 min.
   */
  mfaPendingLogin: (id: string) => `${REDIS_PREFIX}:mfa:pending:${id}`,
  /**
   * A single sign-on in flight (ADR 0255); `id` is the SHA-256 of the `_agent_ops_sso` cookie's
   * random value. JSON: connection, state, nonce, PKCE verifier, return path, test sign-in. Taken
   * once (GETDEL) by the callback. TTL: 10 min.
   */
  ssoFlow: (id: string) => `${REDIS_PREFIX}:sso:flow:${id}`,
  /** Password-reset requests per IP and per address (hashed). TTL: 15 min. */
  resetRequestsByIp: (ipBucket: string) => `${REDIS_PREFIX}:reset:ip:${ipBucket}`,
  resetRequestsByAddress: (id: string) => `${REDIS_PREFIX}:reset:addr:${id}`,
  /** Failed authentications (401/403 answers) on the partner and engagement planes from one client address (/64 for IPv6). TTL: 60 s from the first. */
  marketplaceAuthFailures: (ipBucket: string) => `${REDIS_PREFIX}:mkt:authfail:${ipBucket}`,
  /** A bus message published once under this id (EventBus.broadcastOnce: a relayed domain event); holds no data. TTL: RedisLimits.broadcastOnceMarkMs. */
  broadcastOnce: (id: string) => `${REDIS_PREFIX}:once:${id}`,
  /** The pending passkey registration challenge of one operator session (single use: GETDEL). TTL: RedisLimits.webauthnChallengeMs. */
  webauthnRegistration: (sessionId: string) => `${REDIS_PREFIX}:webauthn:reg:${sessionId}`,
  /** A passkey log-in challenge; `idHash` is the SHA-256 (hex) of its challenge id, never the id (single use: GETDEL). TTL: RedisLimits.webauthnChallengeMs. */
  webauthnAuthentication: (idHash: string) => `${REDIS_PREFIX}:webauthn:auth:${idHash}`,
  /**
   * A secret made by a console form, held sealed for the one page view after its redirect
   * (ShownOnce, ADR 0265); `idHash` is the SHA-256 (hex) of the id in the redirect, never the id.
   * Taken once (GETDEL). TTL: RedisLimits.shownOnceMs.
   */
  shownOnce: (idHash: string) => `${REDIS_PREFIX}:shown:${idHash}`,
} as const;

export const RedisLimits = {
  mailboxMaxMessages: 200,
  /**
   * How long a message published with EventBus.broadcastOnce is not published again under its id:
   * a relay whose commit failed after publishing hands the same events over again once Postgres
   * answers (within seconds, by the outbox poll), and must not push them twice.
   */
  broadcastOnceMarkMs: 10 * 60_000,
  /** How long a WebAuthn (passkey) challenge can be answered: 5 minutes. */
  webauthnChallengeMs: 5 * 60_000,
  /** How long a console secret waits for the page view after its form's redirect: 10 minutes. */
  shownOnceMs: 10 * 60_000,
} as const;
