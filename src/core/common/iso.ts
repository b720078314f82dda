/** A timestamp from the database (Date, or text for formatted columns) as ISO 8601, null kept. */
export function toIso(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}
