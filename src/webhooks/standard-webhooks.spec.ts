import { createHmac } from 'node:crypto';
import { mintWebhookSecret, signStandardWebhook, webhookSigningKey } from './standard-webhooks';

describe('Standard Webhooks signing', () => {
  it('mints whsec_ secrets of 32 random bytes in base64', () => {
    const a = mintWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSigningKey(a)).toHaveLength(32);
    expect(mintWebhookSecret()).not.toBe(a);
  });

  it('signs "id.timestamp.body" with the decoded key, as the spec example does', () => {
    // The spec's reference vector (standard-webhooks test suites): this secret, id, timestamp and body.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signStandardWebhook('msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body, [secret])).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('signs with every secret given, space-separated, the first first', () => {
    const [s1, s2] = [mintWebhookSecret(), mintWebhookSecret()];
    const header = signStandardWebhook('d1', 1700000000, '{}', [s1, s2]);
    const expected = (s: string) => createHmac('sha256', webhookSigningKey(s)).update('d1.1700000000.{}').digest('base64');
    expect(header).toBe(`v1,${expected(s1)} v1,${expected(s2)}`);
  });

  it('refuses a key that is not a whsec_ secret', () => {
    expect(() => webhookSigningKey('secret')).toThrow(/whsec_/);
    expect(() => webhookSigningKey('whsec_c2hvcnQ=')).toThrow(/24 bytes/);
  });
});
