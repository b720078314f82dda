import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { IsLabel } from '../../core/common/validation/label';

export { IsLabel };

/** Trims every string of an array and drops repeats; leaves anything else for the validators to reject. */
export const TrimEachUnique = () =>
  Transform(({ value }) =>
    Array.isArray(value) ? [...new Set(value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v)))] : value,
  );

export const SERIAL_NUMBER_MAX = 128;
export const TAG_MAX = 64;
export const NAME_MAX = 120;

/** A serial number: 1 to 128 characters, compared exactly (case-sensitive). */
export const IsSerialNumber = (each = false) => IsLabel(1, SERIAL_NUMBER_MAX, { each, what: 'serial numbers' });

/** At most `max` bytes as JSON, and nothing Postgres' jsonb refuses (the NUL character). */
export function IsSmallJson(max: number) {
  return ValidateBy({
    name: 'isSmallJson',
    constraints: [max],
    validator: {
      validate: (value: unknown) => {
        if (value === undefined || value === null) return true;
        const json = JSON.stringify(value);
        return Buffer.byteLength(json, 'utf8') <= max && !json.includes('\\u0000');
      },
      defaultMessage: () => `must be at most ${max} bytes when serialized as JSON, without NUL characters`,
    },
  });
}
