import { json, urlencoded } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ProblemError } from '../problem/problem.error';

export const BODY_LIMIT = '1mb';

/** body-parser failures by their `type`, as the problem each one becomes. */
const PARSE_FAILURES: Record<string, () => ProblemError> = {
  'entity.parse.failed': () => new ProblemError({ status: 400, code: 'malformed_json' }),
  'entity.too.large': () => new ProblemError({ status: 413, code: 'payload_too_large' }),
  'encoding.unsupported': () => new ProblemError({ status: 415, code: 'unsupported_encoding' }),
  'charset.unsupported': () => new ProblemError({ status: 415, code: 'unsupported_charset' }),
};

/**
 * Wraps a body-parser so its failures reach the problem filter as typed problems (Nest would
 * otherwise turn them into a BadRequestException carrying the parser's message).
 */
function typed(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (err?: unknown) => {
      if (err === undefined || err === null) return next();
      const type = (err as { type?: unknown }).type;
      const toProblem = typeof type === 'string' ? PARSE_FAILURES[type] : undefined;
      next(toProblem ? toProblem() : err);
    });
}

export const jsonBodyParser = () => typed(json({ limit: BODY_LIMIT }));
export const formBodyParser = () => typed(urlencoded({ extended: false, limit: BODY_LIMIT }));
