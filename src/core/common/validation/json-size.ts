import { ValidateBy, ValidationOptions } from 'class-validator';

/** Bytes of a value serialized as JSON (UTF-8): how decoded payloads are measured. */
export function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value);
  return json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
}

/** The property, serialized as JSON, takes at most `max` bytes. */
export const MaxJsonBytes = (max: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'maxJsonBytes',
      constraints: [max],
      validator: {
        validate: (value: unknown) => jsonByteLength(value) <= max,
        defaultMessage: () => `must be at most ${max} bytes as JSON`,
      },
    },
    options,
  );
