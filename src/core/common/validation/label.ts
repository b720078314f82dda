import { applyDecorators } from '@nestjs/common';
import { IsString, Length, Matches } from 'class-validator';

const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

/** A (trimmed) string of `min..max` characters without control characters; `each` for arrays. */
export function IsLabel(min: number, max: number, options: { each?: boolean; what?: string } = {}) {
  const each = options.each ?? false;
  const subject = each ? `must contain only ${options.what ?? 'strings'} of` : 'must be';
  return applyDecorators(
    IsString({ each, message: each ? `must contain only strings` : 'must be a string' }),
    Length(min, max, { each, message: `${subject} ${min} to ${max} characters` }),
    Matches(NO_CONTROL_CHARS, { each, message: `${each ? 'must contain only values' : 'must be text'} without control characters` }),
  ) as PropertyDecorator;
}
