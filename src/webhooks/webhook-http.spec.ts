import { WebhookHttpClient } from './webhook-http';
import type { AppConfig } from '../core/config/app-config';

/**
 * The delivery-time check of an IP-literal URL (no lookup happens for it, so guardedLookup never
 * sees it): the same isPublicAddress as the check on save, so a URL saved under another policy, or
 * before a range was added, is refused without a connection.
 */
describe('WebhookHttpClient under the public URL policy', () => {
  const client = new WebhookHttpClient({ webhooks: { urlPolicy: 'public', timeoutMs: 2000 } } as AppConfig);
  afterAll(() => client.onModuleDestroy());

  it.each([
    ['https://[::127.0.0.1]/hook', '::7f00:1'],
    ['https://[::ffff:0:127.0.0.1]/hook', '::ffff:0:7f00:1'],
    ['https://[::ffff:127.0.0.1]:8443/hook', '::ffff:7f00:1'],
    ['https://[64:ff9b::a9fe:a9fe]/latest/meta-data', '64:ff9b::a9fe:a9fe'],
    ['https://2130706433/hook', '127.0.0.1'],
    ['https://0x7f.1/hook', '127.0.0.1'],
  ])('refuses %s without connecting', async (url, address) => {
    const attempt = await client.post(url, {}, '{}');
    expect(attempt.error).toBe(`address not allowed: ${address}`);
    expect(attempt.status).toBeUndefined();
    expect(attempt.durationMs).toBeLessThan(100);
  });
});
