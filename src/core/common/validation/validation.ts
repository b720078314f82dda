import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldErrors, ValidationProblem } from '../problem/problem.error';
import { acceptedWithoutValidation } from './fast-accept';

/** class-validator's default messages start with the property name, which the errors map already keys by. */
function stripProperty(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

/** Constraints that check a value's type: when one fails, the range and format rules say nothing useful. */
const TYPE_CONSTRAINTS = new Set(['isInt', 'isNumber', 'isString', 'isBoolean', 'isArray', 'isObject']);

/**
 * Flattens class-validator errors into `{ "field.path": ["message", ...] }` (API.md 422 shape). A
 * value of the wrong type gets its type error alone (`expires_in: "1h"` is "must be an integer
 * number", not that and two range messages that contradict each other).
 */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const all = Object.entries(error.constraints ?? {});
    const typeErrors = all.filter(([name]) => TYPE_CONSTRAINTS.has(name));
    const constraints = typeErrors.length > 0 ? typeErrors : all;
    const messages =
      error.value === undefined && constraints.length > 0 && !error.constraints?.whitelistValidation
        ? ['is required'] // a missing field: one message, not every rule it would have failed
        : constraints.map(([name, message]) =>
            name === 'whitelistValidation' ? 'is not an allowed field' : stripProperty(message, error.property),
          );
    if (messages.length > 0) out[path] = messages;
    if (error.children?.length) Object.assign(out, toFieldErrors(error.children, path));
  }
  return out;
}

/**
 * Global pipe: whitelists DTO fields, rejects unknown fields, transforms to DTO instances, and
 * reports every problem as the 422 problem of API.md. A body that is not a JSON object is a 422 too.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: false,
      // `value` is kept on the error objects only to tell a missing field apart; it is never rendered.
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new ValidationProblem(toFieldErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      if (value === undefined || value === null) value = {};
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw new ValidationProblem({ body: ['must be a JSON object'] });
      }
      // a body the DTO's own cheap check vouches for (fast-accept.ts); anything else is validated below
      const accepted = acceptedWithoutValidation(metadata.metatype as new () => object, value);
      if (accepted !== undefined) return accepted;
    }
    return super.transform(value, metadata);
  }
}
