import { Transform } from 'class-transformer';

/** Trims strings; leaves other values for the validators to reject. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Trims strings and treats an empty one as absent: for HTML forms, which send every field of the
 * form, a field left blank included (so `@IsOptional()` then lets the default apply).
 */
export const TrimBlankAsAbsent = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });

/** Trims and lower-cases an email (API.md: emails are normalized before storage and lookup). */
export const NormalizeEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/**
 * An ISO 8601 string to a Date; anything else is left for the validators to reject. (class-
 * transformer's `@Type(() => Date)` calls `new Date(value)` on whatever arrives, and an object
 * whose own `toString` is not a function makes that throw: a 500 instead of a 422.)
 */
export const ToDate = () => Transform(({ value }) => (typeof value === 'string' ? new Date(value) : value));
