import { ProblemError, ValidationProblem } from '../core/common/problem/problem.error';
import { withTimeout } from '../core/common/with-timeout';
import { AddressNotAllowedError, bareHost, resolvePublicAddresses, systemResolver, type Resolver } from './outbound-address';
import type { WebhookUrlPolicy } from '../core/config/app-config';
import './webhooks.problem-codes';

/** How long a subscription's host may take to resolve when it is saved. */
export const URL_RESOLVE_TIMEOUT_MS = 5000;
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

const refuse = (message: string) => new ValidationProblem({ url: [message] });

/**
 * Checks a subscription URL when it is saved and returns it normalized. Every policy: an absolute
 * http(s) URL without credentials (they would be shown in lists) or fragment. The `public` policy
 * (production): https only, and the host must resolve, to public addresses only; deliveries check
 * the address again when they connect (webhook-http.ts), since DNS can change in between.
 * A DNS failure that is not "no such name" is a 503 (retry), not the URL's fault.
 */
export async function checkSubscriptionUrl(raw: string, policy: WebhookUrlPolicy, resolve: Resolver = systemResolver): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute http or https URL');
  }
  if (url.protocol !== 'https:' && (policy === 'public' || url.protocol !== 'http:')) {
    throw refuse(policy === 'public' ? 'must be an https URL' : 'must be an http or https URL');
  }
  if (url.username || url.password) throw refuse('must not contain credentials');
  if (url.hash || raw.includes('#')) throw refuse('must not contain a fragment');
  if (!url.hostname) throw refuse('must name a host');
  if (policy === 'public') {
    try {
      await withTimeout(resolvePublicAddresses(bareHost(url), resolve), URL_RESOLVE_TIMEOUT_MS, 'resolving the webhook host');
    } catch (err) {
      if (err instanceof AddressNotAllowedError) throw refuse('must not resolve to a private, loopback or link-local address');
      if (NOT_FOUND_CODES.has((err as NodeJS.ErrnoException).code ?? '')) throw refuse('host does not resolve');
      throw new ProblemError({ status: 503, code: 'dns_unavailable', headers: { 'retry-after': '5' } });
    }
  }
  return url.href;
}
