import { ValidateBy } from 'class-validator';
import { jsonByteLength } from '../../core/common/validation/json-size';
import { unstorableFields } from '../../core/common/validation/storable';
import { IsLabel } from '../../core/common/validation/text';

export { IsLabel, TrimEachUnique } from '../../core/common/validation/text';

export const SERIAL_NUMBER_MAX = 128;
export const TAG_MAX = 64;
export const NAME_MAX = 120;

/** A serial number: 1 to 128 characters, compared exactly (case-sensitive). */
export const IsSerialNumber = (each = false) => IsLabel(1, SERIAL_NUMBER_MAX, { each, what: 'serial numbers' });

/**
 * At most `max` bytes as JSON, and nothing Postgres' jsonb refuses (the NUL character, an
 * unpaired surrogate): the characters themselves, not their escapes as JSON spells them (a
 * backslash followed by `u0000` is text like any other).
 */
export function IsSmallJson(max: number) {
  return ValidateBy({
    name: 'isSmallJson',
    constraints: [max],
    validator: {
      validate: (value: unknown) => {
        if (value === undefined || value === null) return true;
        return jsonByteLength(value) <= max && Object.keys(unstorableFields(value)).length === 0;
      },
      defaultMessage: () => `must be at most ${max} bytes when serialized as JSON, without NUL characters or unpaired surrogates`,
    },
  });
}
