import { acceptRequestId, REQUEST_ID_HEADER, requestIdMiddleware } from './request-id';
import type { NextFunction, Request, Response } from 'express';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('acceptRequestId', () => {
  it.each([
    ['a single character', 'a'],
    ['every allowed character class', 'Az09._-'],
    ['a UUID', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['exactly 128 characters', 'x'.repeat(128)],
  ])('keeps %s', (_label, id) => {
    expect(acceptRequestId(id)).toBe(id);
  });

  it.each([
    ['129 characters', 'x'.repeat(129)],
    ['the empty string', ''],
    ['a space', 'abc def'],
    ['a leading space', ' abc'],
    ['a trailing newline', 'abc\n'],
    ['a slash', 'abc/def'],
    ['a colon', 'abc:def'],
    ['non-ASCII letters', 'réquest'],
    ['a log-injection attempt', 'id\r\nX-Injected: 1'],
  ])('replaces %s with a new UUID v4', (_label, id) => {
    const result = acceptRequestId(id);
    expect(result).not.toBe(id);
    expect(result).toMatch(UUID_V4);
  });

  it('replaces an array (repeated header) with a new UUID v4', () => {
    const result = acceptRequestId(['abc', 'def']);
    expect(result).toMatch(UUID_V4);
  });

  it('replaces a single-element array too', () => {
    expect(acceptRequestId(['abc'])).toMatch(UUID_V4);
  });

  it('generates a new UUID v4 when the header is absent', () => {
    expect(acceptRequestId(undefined)).toMatch(UUID_V4);
  });

  it('generates a different id each time', () => {
    expect(acceptRequestId(undefined)).not.toBe(acceptRequestId(undefined));
  });
});

describe('requestIdMiddleware', () => {
  function run(headers: Record<string, string | string[] | undefined>) {
    const req = { headers } as unknown as Request & { id?: string };
    const setHeader = jest.fn();
    const res = { setHeader } as unknown as Response;
    const next = jest.fn() as NextFunction;
    requestIdMiddleware(req, res, next);
    return { req, setHeader, next };
  }

  it('keeps a valid incoming id on the request, its headers and the response', () => {
    const { req, setHeader, next } = run({ [REQUEST_ID_HEADER]: 'trace-123' });
    expect(req.id).toBe('trace-123');
    expect(req.headers[REQUEST_ID_HEADER]).toBe('trace-123');
    expect(setHeader).toHaveBeenCalledWith(REQUEST_ID_HEADER, 'trace-123');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('replaces an invalid incoming id everywhere with one generated id', () => {
    const { req, setHeader, next } = run({ [REQUEST_ID_HEADER]: 'bad id' });
    expect(req.id).toMatch(UUID_V4);
    expect(req.headers[REQUEST_ID_HEADER]).toBe(req.id);
    expect(setHeader).toHaveBeenCalledWith(REQUEST_ID_HEADER, req.id);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
