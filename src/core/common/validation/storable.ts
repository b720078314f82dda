import type { FieldErrors } from '../problem/problem.error';

/** Keys that would reach an object's prototype, refused wherever they appear in a body. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a string cannot hold to be stored as it was sent, or undefined. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character';
  // PostgreSQL refuses an unpaired surrogate in jsonb, and text would store U+FFFD instead
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode (no unpaired surrogate)';
  return undefined;
}

/**
 * Every place in a decoded JSON value that cannot be stored as it was sent, keyed by its dotted
 * path under `root` (`root` itself for the value): a key that names a prototype (`__proto__`,
 * `constructor`, `prototype`), and a string or key holding the NUL character or an unpaired
 * surrogate (PostgreSQL refuses both in jsonb, NUL in text too). Empty when all of it can be.
 * The one check for request bodies (bodyContentCheck), socket frames and JSON-valued fields.
 */
export function unstorableFields(value: unknown, root = ''): FieldErrors {
  // No prototype: a field named __proto__ must be a plain key of the map.
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = unstorableText(current);
      if (problem) (errors[path || 'body'] ??= []).push(problem);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const key of Object.keys(current)) {
      const child = path ? `${path}.${key}` : key;
      const problem = FORBIDDEN_KEYS.has(key) ? 'is not an allowed field' : unstorableText(key);
      if (problem) (errors[child] ??= []).push(problem);
      stack.push({ value: (current as Record<string, unknown>)[key], path: child });
    }
  }
  return errors;
}
