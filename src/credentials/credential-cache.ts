import { type CacheIndexes, LocalCache } from '../core/common/cache/local-cache';
import { CREDENTIAL_CACHE_MAX_ENTRIES, CREDENTIAL_CACHE_TTL_MS } from './lifetimes';
import type { CredentialRecord } from './credentials.repository';

/**
 * What the credential events name (a credential, an agent, a workspace): the machine credential
 * caches index their entries by each, so that an event drops its entries without visiting the
 * others (a batch retirement sends one agent event per robot: issue 58).
 */
export const CREDENTIAL_EVENT_INDEXES = {
  credential: (r: CredentialRecord) => r.credentialId,
  agent: (r: CredentialRecord) => r.serviceAgentId,
  workspace: (r: CredentialRecord) => r.workspaceId,
};

/**
 * Verified credential records, keyed by API-key prefix or access-token hash (partner keys and
 * engagement tokens use it too), dropped when the credential, its agent or its workspace changes
 * (events from any node) and after a short TTL; suspended while the event bus is down.
 */
export class CredentialCache<T> extends LocalCache<T> {
  constructor(ttlMs = CREDENTIAL_CACHE_TTL_MS, maxEntries = CREDENTIAL_CACHE_MAX_ENTRIES, indexes: CacheIndexes<T> = {}) {
    super(ttlMs, maxEntries, indexes);
  }
}
