import { ValidationProblem } from '../../core/common/problem/problem.error';
import { AppValidationPipe } from '../../core/common/validation/validation';
import { AGENT_METADATA_MAX_BYTES, ClaimEnrollmentDto } from './claim.dto';
import { IssueEnrollmentTokenDto } from './enrollment-token.dto';
import type { ArgumentMetadata } from '@nestjs/common';

const TOKEN = `age_${'a'.repeat(11)}.${'b'.repeat(43)}`;
const pipe = new AppValidationPipe();
const as = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function errorsOf(value: unknown, metatype: ArgumentMetadata['metatype']): Promise<Record<string, string[]>> {
  try {
    await pipe.transform(value, as(metatype));
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationProblem);
    return (err as ValidationProblem).fieldErrors;
  }
  throw new Error('expected a 422');
}

/** An object whose JSON serialization is exactly `bytes` bytes long. */
function objectOfJsonBytes(bytes: number): Record<string, string> {
  const overhead = JSON.stringify({ k: '' }).length;
  return { k: 'x'.repeat(bytes - overhead) };
}

describe('ClaimEnrollmentDto', () => {
  it('accepts a token, a trimmed serial and agent metadata of exactly 8 KiB', async () => {
    const agent = objectOfJsonBytes(AGENT_METADATA_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify(agent))).toBe(8192);
    const dto = (await pipe.transform({ token: TOKEN, serial_number: '  SN-1 ', agent }, as(ClaimEnrollmentDto))) as ClaimEnrollmentDto;
    expect(dto.serial_number).toBe('SN-1');
    expect(dto.agent).toEqual(agent);
  });

  it('refuses agent metadata over 8 KiB, counting UTF-8 bytes', async () => {
    expect(Object.keys(await errorsOf({ token: TOKEN, agent: objectOfJsonBytes(8193) }, ClaimEnrollmentDto))).toEqual(['agent']);
    const multibyte = { k: 'é'.repeat(4093) }; // 8194 bytes as UTF-8, but only 4101 characters
    expect(JSON.stringify(multibyte).length).toBeLessThan(8192);
    expect(await errorsOf({ token: TOKEN, agent: multibyte }, ClaimEnrollmentDto)).toHaveProperty('agent');
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'robot'],
    ['a number', 3],
  ])('refuses agent metadata that is %s', async (_label, agent) => {
    expect(await errorsOf({ token: TOKEN, agent }, ClaimEnrollmentDto)).toEqual({
      agent: expect.arrayContaining(['must be a JSON object']),
    });
  });

  it('refuses NUL characters and unpaired surrogates Postgres jsonb cannot store', async () => {
    expect(await errorsOf({ token: TOKEN, agent: { k: 'a\u0000b' } }, ClaimEnrollmentDto)).toHaveProperty('agent');
    expect(await errorsOf({ token: TOKEN, agent: { k: ['\ud800'] } }, ClaimEnrollmentDto)).toHaveProperty('agent');
  });

  it('accepts the six characters of the escape \\u0000 as the text they are', async () => {
    const agent = { path: 'C:\\u0000dir', note: 'a \\u0000 b \ud83d\ude00' };
    const dto = (await pipe.transform({ token: TOKEN, agent }, as(ClaimEnrollmentDto))) as ClaimEnrollmentDto;
    expect(dto.agent).toEqual(agent);
  });

  it('requires a string token and refuses unknown fields', async () => {
    expect(await errorsOf({ serial_number: 'x', extra: 1 }, ClaimEnrollmentDto)).toEqual({
      token: ['is required'],
      extra: ['is not an allowed field'],
    });
    expect(await errorsOf({ token: 42 }, ClaimEnrollmentDto)).toEqual({ token: ['must be a string'] });
  });

  it('refuses a blank or oversized serial', async () => {
    expect(await errorsOf({ token: TOKEN, serial_number: '   ' }, ClaimEnrollmentDto)).toHaveProperty('serial_number');
    expect(await errorsOf({ token: TOKEN, serial_number: 'x'.repeat(129) }, ClaimEnrollmentDto)).toHaveProperty('serial_number');
  });
});

describe('IssueEnrollmentTokenDto', () => {
  it('accepts the documented ranges and normalizes lists', async () => {
    const dto = (await pipe.transform(
      {
        max_claims: 100000,
        expires_in: 2592000,
        serial_allowlist: [' A ', 'A', 'B'],
        default_tags: ['x', 'x '],
        scopes: ['messages:read'],
      },
      as(IssueEnrollmentTokenDto),
    )) as IssueEnrollmentTokenDto;
    expect(dto).toMatchObject({ serial_allowlist: ['A', 'B'], default_tags: ['x'], scopes: ['messages:read'] });
  });

  it.each([
    ['max_claims', { max_claims: 0 }],
    ['max_claims', { max_claims: 100001 }],
    ['max_claims', { max_claims: 1.5 }],
    ['expires_in', { expires_in: 2592001 }],
    ['expires_in', { expires_in: 0 }],
    ['scopes', { scopes: ['messages:read', 'root:all'] }],
    ['scopes', { scopes: [] }],
    ['cohort_id', { cohort_id: 'not-a-uuid' }],
    ['default_tags', { default_tags: [''] }],
    ['default_tags', { default_tags: 'tag' }],
    ['serial_allowlist', { serial_allowlist: [7] }],
  ])('refuses an invalid %s with a 422 naming it', async (field, body) => {
    expect(Object.keys(await errorsOf(body, IssueEnrollmentTokenDto))).toEqual([field]);
  });
});
