import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';

// eslint-disable-next-line no-control-regex -- the control characters are what it refuses
export const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

/** Trims every string of an array and drops repeats; leaves anything else for the validators to reject. */
export const TrimEachUnique = () =>
  Transform(({ value }) =>
    Array.isArray(value) ? [...new Set(value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v)))] : value,
  );

/**
 * A (trimmed) string of `min..max` characters without control characters; `each` for arrays of
 * them (`what` names the items in the message).
 */
export function IsText(min: number, max: number, options: { each?: boolean; what?: string } = {}): PropertyDecorator {
  const each = options.each ?? false;
  const subject = each ? `must contain only ${options.what ?? 'strings'} of` : 'must be';
  return applyDecorators(
    IsString({ each, message: each ? `must contain only strings` : 'must be a string' }),
    Length(min, max, { each, message: `${subject} ${min} to ${max} characters` }),
    Matches(NO_CONTROL_CHARS, { each, message: `${each ? 'must contain only values' : 'must be text'} without control characters` }),
  );
}

/** The same as IsText, by the name the enrollment DTOs use. */
export const IsLabel = IsText;
