import { FieldErrors, ProblemError, ValidationProblem } from './problem.error';

/** A validation problem's fields and messages in words: `name is required; scopes must be ...`. */
export const fieldErrorsInWords = (errors: FieldErrors): string =>
  Object.entries(errors)
    .map(([field, messages]) => `${field} ${messages.join(', ')}`)
    .join('; ');

/**
 * A console form's refusal in words: a validation problem's fields and messages, or the reason
 * `reasons` gives its code; undefined for anything that is not a 4xx problem (the caller
 * rethrows it). The page is rendered again with this error and the problem's status.
 */
export function formRefusal(err: unknown, reasons: Readonly<Record<string, string>>): { error: string; status: number } | undefined {
  if (!(err instanceof ProblemError) || err.status >= 500) return undefined;
  const error = err instanceof ValidationProblem ? fieldErrorsInWords(err.fieldErrors) : (reasons[err.code] ?? 'That change was refused.');
  return { error, status: err.status };
}
