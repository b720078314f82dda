/**
 * A cheap check a body DTO may declare for the bodies it sees most (`@AcceptedWithoutValidation`):
 * when it answers true, the body is one class-validator would accept as it is, and
 * AppValidationPipe builds the DTO instance directly instead of running class-transformer and
 * class-validator (about 25 µs of a token exchange: bench/README.md, finding 19). When it answers
 * false, nothing is decided: the body goes through class-validator as before, which alone writes
 * every 422. So a check only has to be right when it says yes, and the DTO's decorators stay the
 * one definition of the rules and of the OpenAPI document.
 *
 * A check must say yes only for a plain JSON object whose own keys are DTO fields, each holding a
 * string or an array of strings (the values the instance then holds, arrays copied, as
 * class-transformer does), and only when every rule of the DTO holds. A test per DTO compares it
 * with class-validator over many bodies (src/credentials/dto/token-exchange.dto.spec.ts).
 */
export type BodyCheck = (body: Record<string, unknown>) => boolean;

const checks = new WeakMap<object, BodyCheck>();

/** Class decorator: `check` may accept bodies of this DTO without class-validator (see above). */
export function AcceptedWithoutValidation(check: BodyCheck): ClassDecorator {
  return (target) => {
    checks.set(target, check);
  };
}

/**
 * The DTO instance for `body` when the DTO's check accepts it: built as class-transformer builds
 * it (the class's constructor, then each key of the body; arrays of strings copied), else
 * undefined (the caller validates as usual).
 */
export function acceptedWithoutValidation<T extends object>(metatype: new () => T, body: unknown): T | undefined {
  const check = checks.get(metatype);
  if (check === undefined || body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype)
    return undefined;
  if (!check(body as Record<string, unknown>)) return undefined;
  const instance = new metatype() as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    const value = (body as Record<string, unknown>)[key];
    instance[key] = Array.isArray(value) ? [...value] : value;
  }
  return instance as T;
}
