import { isISO8601, ValidateBy } from 'class-validator';

/**
 * An ISO 8601 date-time the service can store: class-validator's strict ISO 8601 (real calendar
 * dates) that JavaScript's Date also reads. ISO 8601 has forms Date cannot read (week dates
 * `2024-W01-1`, ordinal dates `2024-123`, the basic format `20240101`, a decimal comma
 * `00:00:00,5Z`): those are a 422 here, not a RangeError (a 500) where the value is turned into a
 * timestamp.
 */
export function isStorableDateTime(value: unknown): value is string {
  return typeof value === 'string' && isISO8601(value, { strict: true }) && Number.isFinite(Date.parse(value));
}

export function IsDateTime(): PropertyDecorator {
  return ValidateBy({
    name: 'isDateTime',
    validator: {
      validate: (value: unknown) => isStorableDateTime(value),
      defaultMessage: () => 'must be an ISO 8601 date-time',
    },
  });
}
