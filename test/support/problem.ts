import { BadRequestProblem } from '../../src/core/common/problem/problem.error';
import type { Response } from 'supertest';

/** Asserts an RFC 9457 problem response and returns its body. */
export function expectProblem(res: Response, status: number, slug: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  expect({ status: res.status, contentType: res.headers['content-type'] }).toEqual({
    status,
    contentType: expect.stringMatching(/^application\/problem\+json/),
  });
  const body = typeof res.body === 'object' && Object.keys(res.body).length ? res.body : JSON.parse(res.text);
  expect(body).toMatchObject({ type: `${process.env.BASE_URL}/problems/${slug}`, status, ...fields });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  return body;
}

/** Runs fn, expecting it to throw a 400 BadRequestProblem with the given detail. */
export function expectBadRequest(fn: () => unknown, detail: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(BadRequestProblem);
  expect((caught as BadRequestProblem).status).toBe(400);
  expect((caught as BadRequestProblem).detail).toBe(detail);
}
