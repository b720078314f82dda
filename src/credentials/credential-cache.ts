import { LocalCache } from '../core/common/cache/local-cache';
import { CREDENTIAL_CACHE_MAX_ENTRIES, CREDENTIAL_CACHE_TTL_MS } from './lifetimes';

/**
 * Verified credential records, keyed by API-key prefix or access-token hash (partner keys and
 * engagement tokens use it too), dropped when the credential, its agent or its workspace changes
 * (events from any node) and after a short TTL; suspended while the event bus is down.
 */
export class CredentialCache<T> extends LocalCache<T> {
  constructor(ttlMs = CREDENTIAL_CACHE_TTL_MS, maxEntries = CREDENTIAL_CACHE_MAX_ENTRIES) {
    super(ttlMs, maxEntries);
  }
}
