import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { MACHINE_SCOPES } from '../../auth';
import { acceptedWithoutValidation } from '../../core/common/validation/fast-accept';
import { AppValidationPipe } from '../../core/common/validation/validation';
import { TokenExchangeDto } from './token-exchange.dto';

const BODY: ArgumentMetadata = { type: 'body', metatype: TokenExchangeDto };
const pipe = new AppValidationPipe();
/** class-validator's verdict alone: the pipe without its fast path (ValidationPipe's own transform). */
const validated = (body: object): Promise<unknown> => ValidationPipe.prototype.transform.call(pipe, body, BODY);

/** A small deterministic generator (the same bodies every run). */
function* bodies(): Generator<Record<string, unknown>> {
  let seed = 23;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed >>> 12) % n; // the high bits: an LCG's low bits repeat with a short period
  };
  const scope = () =>
    [...MACHINE_SCOPES, 'messages:READ', 'messages', '', ' messages:read', 'x'.repeat(300)][rand(MACHINE_SCOPES.length + 5)];
  const values: Array<() => unknown> = [
    () => undefined,
    () => null,
    () => 'agk_aaaaaaaaaaa.' + 'b'.repeat(43),
    () => 'x'.repeat(256),
    () => 'x'.repeat(257),
    () => '😀'.repeat(128), // 256 UTF-16 units: 128 characters
    () => '😀'.repeat(129), // 258 units, 129 characters: MaxLength accepts it, the check does not need to
    () => '',
    () => 42,
    () => true,
    () => ({}),
    () => [],
    () => ['messages:read'],
    () => Array.from({ length: rand(5) + 1 }, scope),
    () => Array.from({ length: MACHINE_SCOPES.length * 2 }, () => 'messages:read'),
    () => Array.from({ length: MACHINE_SCOPES.length * 2 + 1 }, () => 'messages:read'),
    () => [1, 'messages:read'],
    () => [null],
    () => [['messages:read']],
    () => [{}],
  ];
  const keys = ['api_key', 'scopes', 'scope', 'extra', '__proto__', 'constructor'];
  yield {};
  // every value alone under each key, then random combinations
  for (const key of keys) {
    for (const value of values) {
      const v = value();
      if (v !== undefined) yield JSON.parse(JSON.stringify({ [key]: v })) as Record<string, unknown>;
    }
  }
  for (let i = 0; i < 4000; i++) {
    const body: Record<string, unknown> = {};
    for (const key of keys) {
      if (rand(3) !== 0) continue;
      const value = values[rand(values.length)]();
      if (value !== undefined) Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
    }
    yield JSON.parse(JSON.stringify(body)) as Record<string, unknown>; // as body-parser hands it over
  }
}

describe('TokenExchangeDto, accepted without class-validator', () => {
  it('accepts only bodies class-validator accepts, and builds the same instance from them', async () => {
    let accepted = 0;
    let refused = 0;
    for (const body of bodies()) {
      const fast = acceptedWithoutValidation(TokenExchangeDto, body);
      const slow = await validated(structuredClone(body)).then(
        (dto) => ({ ok: true as const, dto }),
        () => ({ ok: false as const, dto: undefined }),
      );
      if (slow.ok) accepted++;
      else refused++;
      if (fast === undefined) continue;
      expect({ body, ok: slow.ok }).toEqual({ body, ok: true });
      expect(fast).toBeInstanceOf(TokenExchangeDto);
      expect(fast).toEqual(slow.dto);
      expect(Object.keys(fast)).toEqual(Object.keys(slow.dto as object));
    }
    // both kinds were exercised
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('takes the fast path for the usual bodies (so the exchange skips class-validator)', () => {
    expect(acceptedWithoutValidation(TokenExchangeDto, {})).toBeInstanceOf(TokenExchangeDto);
    expect(acceptedWithoutValidation(TokenExchangeDto, { scopes: ['messages:read', 'messages:read'] })).toEqual(
      Object.assign(new TokenExchangeDto(), { scopes: ['messages:read', 'messages:read'] }),
    );
    expect(acceptedWithoutValidation(TokenExchangeDto, { api_key: 'agk_x' })?.api_key).toBe('agk_x');
    // never a body that is not a plain object, and never an unknown field
    expect(acceptedWithoutValidation(TokenExchangeDto, Object.create(null) as object)).toBeUndefined();
    expect(acceptedWithoutValidation(TokenExchangeDto, { scopes: ['messages:read'], extra: 1 })).toBeUndefined();
  });

  it('leaves every refusal to class-validator, through the pipe (the 422s are what they were)', async () => {
    await expect(pipe.transform({ scopes: [] }, BODY)).rejects.toMatchObject({
      fieldErrors: { scopes: ['must not be empty (omit it to get every scope of the key)'] },
    });
    await expect(pipe.transform({ scopes: ['nope'] }, BODY)).rejects.toMatchObject({
      fieldErrors: { scopes: ['contains an unknown scope'] },
    });
    await expect(pipe.transform({ api_key: 1 }, BODY)).rejects.toMatchObject({ fieldErrors: { api_key: expect.any(Array) } });
  });
});
