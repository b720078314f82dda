import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateNested, ValidationError } from 'class-validator';
import { ValidationProblem } from '../problem/problem.error';
import { AppValidationPipe, toFieldErrors } from './validation';
import type { ArgumentMetadata } from '@nestjs/common';

/** Builds a class-validator ValidationError node for a field that was present (with a value). */
function node(
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
  value: unknown = 'present',
): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, children, value });
}

class AddressDto {
  @IsString()
  city: string;
}

class CreateAgentDto {
  @IsString()
  @MinLength(3)
  name: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  maxRuns?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto;
}

const BODY: ArgumentMetadata = { type: 'body', metatype: CreateAgentDto };

/** Runs the pipe expecting a ValidationProblem, and returns it. */
async function rejection(value: unknown, metadata: ArgumentMetadata = BODY): Promise<ValidationProblem> {
  const pipe = new AppValidationPipe();
  let caught: unknown;
  try {
    await pipe.transform(value, metadata);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ValidationProblem);
  return caught as ValidationProblem;
}

describe('toFieldErrors', () => {
  it('reports a missing field once as "is required", not every rule it would fail', () => {
    const missing = Object.assign(node('email', { isString: 'email must be a string', isEmail: 'must be a valid email address' }), {
      value: undefined,
    });
    expect(toFieldErrors([missing])).toEqual({ email: ['is required'] });
  });

  it('reports an unknown field as not allowed even though it has a value', () => {
    expect(toFieldErrors([node('extra', { whitelistValidation: 'property extra should not exist' })])).toEqual({
      extra: ['is not an allowed field'],
    });
  });

  it('drops the leading property name from default messages (the map is keyed by it)', () => {
    expect(toFieldErrors([node('name', { maxLength: 'name must be shorter than or equal to 120 characters' })])).toEqual({
      name: ['must be shorter than or equal to 120 characters'],
    });
  });

  it('returns an empty map for no errors', () => {
    expect(toFieldErrors([])).toEqual({});
  });

  it('keeps every message of a top-level field, but a failed type check alone', () => {
    const errors = [node('name', { minLength: 'name is too short', matches: 'name must be text' })];
    expect(toFieldErrors(errors)).toEqual({ name: ['is too short', 'must be text'] });
    const wrongType = [node('name', { isString: 'name must be a string', minLength: 'name is too short' })];
    expect(toFieldErrors(wrongType)).toEqual({ name: ['must be a string'] });
  });

  it('flattens nested errors into dotted paths, skipping parents without messages of their own', () => {
    const errors = [
      node('a', undefined, [
        node('b', { isInt: 'b must be an integer' }),
        node('c', undefined, [node('d', { isDefined: 'd is required' })]),
      ]),
      node('top', { isString: 'top must be a string' }),
    ];
    expect(toFieldErrors(errors)).toEqual({
      'a.b': ['must be an integer'],
      'a.c.d': ['is required'],
      top: ['must be a string'],
    });
  });

  it('keeps a parent message alongside its children', () => {
    const errors = [node('a', { isObject: 'a must be an object' }, [node('b', { isInt: 'b must be an integer' })])];
    expect(toFieldErrors(errors)).toEqual({ a: ['must be an object'], 'a.b': ['must be an integer'] });
  });

  it('uses array indexes as path segments', () => {
    const errors = [node('items', undefined, [node('0', undefined, [node('name', { isString: 'bad' })])])];
    expect(toFieldErrors(errors)).toEqual({ 'items.0.name': ['bad'] });
  });

  it('prefixes paths with the given parent', () => {
    expect(toFieldErrors([node('b', { isInt: 'bad' })], 'a')).toEqual({ 'a.b': ['bad'] });
  });

  it('maps the whitelistValidation constraint to "is not an allowed field"', () => {
    const errors = [
      node('extra', { whitelistValidation: 'property extra should not exist' }),
      node('a', undefined, [node('sneaky', { whitelistValidation: 'property sneaky should not exist' })]),
    ];
    expect(toFieldErrors(errors)).toEqual({
      extra: ['is not an allowed field'],
      'a.sneaky': ['is not an allowed field'],
    });
  });
});

describe('AppValidationPipe', () => {
  it('returns an instance of the DTO for a valid body', async () => {
    const pipe = new AppValidationPipe();
    const result = await pipe.transform({ name: 'scout', maxRuns: 3, address: { city: 'Oslo' } }, BODY);
    expect(result).toBeInstanceOf(CreateAgentDto);
    expect(result).toEqual({ name: 'scout', maxRuns: 3, address: { city: 'Oslo' } });
    expect((result as CreateAgentDto).address).toBeInstanceOf(AddressDto);
  });

  it('rejects an unknown field with a 422 naming the field', async () => {
    const problem = await rejection({ name: 'scout', isAdmin: true });
    expect(problem.status).toBe(422);
    expect(problem.fieldErrors).toEqual({ isAdmin: ['is not an allowed field'] });
    expect(problem.members).toEqual({ errors: { isAdmin: ['is not an allowed field'] } });
  });

  it('rejects an unknown field inside a nested object with its dotted path', async () => {
    const problem = await rejection({ name: 'scout', address: { city: 'Oslo', zip: '0150' } });
    expect(problem.fieldErrors).toEqual({ 'address.zip': ['is not an allowed field'] });
  });

  it('reports every invalid field at once', async () => {
    const problem = await rejection({ name: 1, maxRuns: 0, address: { city: 5 }, extra: 'x' });
    expect(Object.keys(problem.fieldErrors).sort()).toEqual(['address.city', 'extra', 'maxRuns', 'name']);
    // name is not a string: its type error alone, not the length rule it also fails.
    expect(problem.fieldErrors.name).toEqual(['must be a string']);
  });

  it('rejects an array body with errors.body', async () => {
    const problem = await rejection([{ name: 'scout' }]);
    expect(problem.status).toBe(422);
    expect(problem.fieldErrors).toEqual({ body: ['must be a JSON object'] });
    expect(problem.members).toEqual({ errors: { body: ['must be a JSON object'] } });
  });

  it.each([
    ['a string', 'hello'],
    ['a number', 42],
    ['a boolean', true],
  ])('rejects %s body with errors.body', async (_label, value) => {
    const problem = await rejection(value);
    expect(problem.fieldErrors).toEqual({ body: ['must be a JSON object'] });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('treats a %s body as {} and reports the required fields', async (_label, value) => {
    const problem = await rejection(value);
    expect(problem.status).toBe(422);
    expect(Object.keys(problem.fieldErrors)).toEqual(['name']);
    expect(problem.fieldErrors.body).toBeUndefined();
  });

  it('does not apply the body checks to query parameters', async () => {
    const pipe = new AppValidationPipe();
    await expect(pipe.transform('abc', { type: 'query', metatype: String, data: 'q' })).resolves.toBe('abc');
  });

  it('passes a body through untouched when there is no DTO to validate against', async () => {
    const pipe = new AppValidationPipe();
    const body = [1, 2, 3];
    await expect(pipe.transform(body, { type: 'body', metatype: Object })).resolves.toBe(body);
  });
});

describe('a value of the wrong type', () => {
  class Lifetime {
    @IsInt()
    @Min(60)
    @Max(2592000)
    expires_in: number;
  }

  it('gets its type error alone, not the range rules it also fails', async () => {
    const pipe = new AppValidationPipe();
    const err = await pipe.transform({ expires_in: '1h' }, { type: 'body', metatype: Lifetime }).catch((e: unknown) => e);
    expect((err as ValidationProblem).fieldErrors).toEqual({ expires_in: ['must be an integer number'] });
    const range = await pipe.transform({ expires_in: 5 }, { type: 'body', metatype: Lifetime }).catch((e: unknown) => e);
    expect((range as ValidationProblem).fieldErrors).toEqual({ expires_in: ['must not be less than 60'] });
  });
});
