import { QueryFailedError } from 'typeorm';

export const UNIQUE_VIOLATION = '23505';

/** A unique-index violation, optionally only on one of the named constraints. */
export function isUniqueViolation(err: unknown, constraints?: readonly string[]): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = err.driverError as { code?: string; constraint?: string };
  return driver.code === UNIQUE_VIOLATION && (!constraints || constraints.includes(driver.constraint ?? ''));
}
