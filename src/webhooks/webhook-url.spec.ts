import { ProblemError, ValidationProblem } from '../core/common/problem/problem.error';
import { checkSubscriptionUrl } from './webhook-url';
import type { Resolver } from './outbound-address';
import type { LookupAddress } from 'node:dns';

const dns: Resolver = async (host) => {
  const table: Record<string, string[]> = {
    'hooks.example.com': ['93.184.215.14'],
    'internal.example.com': ['10.1.2.3'],
    localhost: ['127.0.0.1', '::1'],
  };
  if (host === 'flaky.example.com') throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
  const addresses = table[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function refusal(raw: string, policy: 'public' | 'any'): Promise<string[] | string> {
  try {
    await checkSubscriptionUrl(raw, policy, dns);
    return 'accepted';
  } catch (err) {
    if (err instanceof ValidationProblem) return err.fieldErrors.url;
    if (err instanceof ProblemError) return `${err.status} ${err.code}`;
    throw err;
  }
}

describe('checkSubscriptionUrl', () => {
  it('normalizes an accepted URL', async () => {
    await expect(checkSubscriptionUrl('HTTPS://Hooks.Example.com/a?b=1', 'public', dns)).resolves.toBe('https://hooks.example.com/a?b=1');
    await expect(checkSubscriptionUrl('http://localhost:8080/x', 'any', dns)).resolves.toBe('http://localhost:8080/x');
  });

  it.each([
    ['not a url', 'any', 'must be an absolute http or https URL'],
    ['ftp://hooks.example.com/', 'any', 'must be an http or https URL'],
    ['javascript:alert(1)', 'any', 'must be an http or https URL'],
    ['http://hooks.example.com/', 'public', 'must be an https URL'],
    ['https://user:pass@hooks.example.com/', 'any', 'must not contain credentials'],
    ['https://hooks.example.com/#x', 'any', 'must not contain a fragment'],
    ['https://localhost/', 'public', 'must not resolve to a private, loopback or link-local address'],
    ['https://internal.example.com/', 'public', 'must not resolve to a private, loopback or link-local address'],
    ['https://127.0.0.1/', 'public', 'must not resolve to a private, loopback or link-local address'],
    ['https://[::1]:8443/', 'public', 'must not resolve to a private, loopback or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'public', 'must not resolve to a private, loopback or link-local address'],
    ['https://[::ffff:10.0.0.1]/', 'public', 'must not resolve to a private, loopback or link-local address'],
    ['https://nowhere.example.com/', 'public', 'host does not resolve'],
  ] as const)('refuses %s under the %s policy', async (raw, policy, message) => {
    expect(await refusal(raw, policy)).toEqual([message]);
  });

  it('does not resolve anything under the any policy', async () => {
    expect(await refusal('https://nowhere.example.com/', 'any')).toBe('accepted');
    expect(await refusal('http://10.0.0.1/', 'any')).toBe('accepted');
  });

  it('answers 503 when DNS cannot answer now', async () => {
    expect(await refusal('https://flaky.example.com/', 'public')).toBe('503 dns_unavailable');
  });
});
