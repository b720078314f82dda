import { ValidationProblem } from '../core/common/problem/problem.error';
import { NO_CONTROL_CHARS } from '../core/common/validation/text';

/**
 * Fields of the /admin/partners and /app/engagements forms (urlencoded: a checkbox list is a
 * string when one box is ticked, an array when several are). Anything malformed is the 422 of the
 * REST routes, never a 500.
 */
export function formText(body: unknown, field: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ValidationProblem({ [field]: ['must be a string'] });
  return value.trim() || undefined;
}

/** Ticked checkboxes of `field` (at least one), each one of `allowed`. */
export function formChoices<S extends string>(body: unknown, field: string, allowed: readonly S[]): S[] {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  if (value === undefined || value === '') throw new ValidationProblem({ [field]: ['must not be empty'] });
  const list: unknown[] = Array.isArray(value) ? value : [value];
  if (!list.every((v): v is S => typeof v === 'string' && (allowed as readonly string[]).includes(v))) {
    throw new ValidationProblem({ [field]: ['contains an unknown scope'] });
  }
  return [...new Set(list)];
}

/** A whole number of `field` within min..max, or undefined when left empty. */
export function formInteger(body: unknown, field: string, min: number, max: number): number | undefined {
  const text = formText(body, field);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new ValidationProblem({ [field]: [`must be an integer from ${min} to ${max}`] });
  return n;
}

/** Like formText, but required and 1..max characters without control characters. */
export function formName(body: unknown, field: string, max: number): string {
  const name = formOptionalName(body, field, max);
  if (name === undefined) throw new ValidationProblem({ [field]: [`must be 1 to ${max} characters`] });
  return name;
}

/** Like formName, but undefined when left empty (an edit form's "keep the current one"). */
export function formOptionalName(body: unknown, field: string, max: number): string | undefined {
  const name = formText(body, field);
  if (name !== undefined && (name.length > max || !NO_CONTROL_CHARS.test(name))) {
    throw new ValidationProblem({ [field]: [`must be 1 to ${max} characters`] });
  }
  return name;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A required UUID field (a select's value). */
export function formUuid(body: unknown, field: string): string {
  const id = formText(body, field);
  if (!id || !UUID.test(id)) throw new ValidationProblem({ [field]: ['must be a UUID'] });
  return id;
}
