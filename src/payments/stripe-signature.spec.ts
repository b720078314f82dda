import { createHmac } from 'node:crypto';
import { parseSignatureHeader, verifyStripeSignature } from './stripe-signature';

const SECRET = 'whsec_test_0123456789abcdef';
const body = Buffer.from('{"id":"evt_1","type":"invoice.paid"}');
const sign = (t: number, payload: Buffer = body, secret = SECRET) =>
  createHmac('sha256', secret)
    .update(`${t}.${payload.toString('utf8')}`)
    .digest('hex');
const NOW = 1_700_000_000_000;
const t = NOW / 1000;

describe('verifyStripeSignature', () => {
  it('accepts the signature of the raw body under the secret, within the tolerance', () => {
    expect(verifyStripeSignature(`t=${t},v1=${sign(t)}`, body, [SECRET], NOW)).toBe('valid');
    expect(verifyStripeSignature(`t=${t - 299},v1=${sign(t - 299)}`, body, [SECRET], NOW)).toBe('valid');
  });

  it('accepts any v1 of the header under any configured secret (secret rolling), ignoring v0', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${sign(t, body, 'whsec_new_secret_abcdef')},v0=${'1'.repeat(64)}`;
    expect(verifyStripeSignature(header, body, [SECRET, 'whsec_new_secret_abcdef'], NOW)).toBe('valid');
  });

  it('refuses a missing header, a malformed one, another body, another secret', () => {
    expect(verifyStripeSignature(undefined, body, [SECRET], NOW)).toBe('missing_signature');
    expect(verifyStripeSignature('', body, [SECRET], NOW)).toBe('missing_signature');
    expect(verifyStripeSignature('garbage', body, [SECRET], NOW)).toBe('invalid_signature');
    expect(verifyStripeSignature(`t=${t}`, body, [SECRET], NOW)).toBe('invalid_signature');
    expect(verifyStripeSignature(`v1=${sign(t)}`, body, [SECRET], NOW)).toBe('invalid_signature');
    expect(verifyStripeSignature(`t=${t},v1=${sign(t)}`, Buffer.from(`${body.toString()} `), [SECRET], NOW)).toBe('invalid_signature');
    expect(verifyStripeSignature(`t=${t},v1=${sign(t, body, 'whsec_other_0123456789')}`, body, [SECRET], NOW)).toBe('invalid_signature');
    expect(verifyStripeSignature(`t=${t},v1=${sign(t)}`, undefined, [SECRET], NOW)).toBe('invalid_signature');
    expect(verifyStripeSignature(`t=${t},v1=${sign(t)}`, body, [], NOW)).toBe('invalid_signature');
  });

  it('refuses a signed timestamp older (a replay) or newer than 5 minutes', () => {
    expect(verifyStripeSignature(`t=${t - 301},v1=${sign(t - 301)}`, body, [SECRET], NOW)).toBe('signature_expired');
    expect(verifyStripeSignature(`t=${t + 301},v1=${sign(t + 301)}`, body, [SECRET], NOW)).toBe('signature_expired');
  });

  it('does not let an unsigned timestamp move: the timestamp is part of what is signed', () => {
    expect(verifyStripeSignature(`t=${t},v1=${sign(t - 3600)}`, body, [SECRET], NOW)).toBe('invalid_signature');
  });
});

describe('parseSignatureHeader', () => {
  it('reads t and every v1, with spaces, ignoring unknown parts', () => {
    expect(parseSignatureHeader(`t=12, v1=${'a'.repeat(64)}, x=1, v1=${'B'.repeat(64)}`)).toEqual({
      timestamp: 12,
      v1: ['a'.repeat(64), 'b'.repeat(64)],
    });
    expect(parseSignatureHeader('t=abc,v1=' + 'a'.repeat(64))).toBeNull();
    expect(parseSignatureHeader('t=1,v1=short')).toBeNull();
  });
});
