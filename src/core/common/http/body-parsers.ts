import { json, urlencoded } from 'express';
import { ProblemError, ValidationProblem } from '../problem/problem.error';
import { unstorableFields } from '../validation/storable';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const BODY_LIMIT = '1mb';
/** The deepest nesting of objects and arrays a JSON body may have (ADR 0033). */
export const MAX_JSON_DEPTH = 64;

/** body-parser failures by their `type`, as the problem each one becomes. */
const PARSE_FAILURES: Record<string, () => ProblemError> = {
  'entity.parse.failed': () => new ProblemError({ status: 400, code: 'malformed_json' }),
  'entity.too.large': () => new ProblemError({ status: 413, code: 'payload_too_large' }),
  'entity.too.deep': () =>
    new ProblemError({ status: 400, code: 'json_too_deep', detail: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` }),
  'encoding.unsupported': () => new ProblemError({ status: 415, code: 'unsupported_encoding' }),
  'charset.unsupported': () => new ProblemError({ status: 415, code: 'unsupported_charset' }),
};

/**
 * The problem a body-parser failure becomes: by its `type`; a client error of the parser without a
 * known type (a body that does not decompress as its content-encoding says, a body cut short) is
 * 400 `malformed_body`; anything else goes on as it is.
 */
function parseFailure(err: unknown): unknown {
  const { type, status } = err as { type?: unknown; status?: unknown };
  const toProblem = typeof type === 'string' ? PARSE_FAILURES[type] : undefined;
  if (toProblem) return toProblem();
  if (typeof status === 'number' && status >= 400 && status < 500) return new ProblemError({ status: 400, code: 'malformed_body' });
  return err;
}

/**
 * Wraps a body-parser so its failures reach the problem filter as typed problems (Nest would
 * otherwise turn them into a BadRequestException carrying the parser's message).
 */
function typed(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (err?: unknown) => (err === undefined || err === null ? next() : next(parseFailure(err))));
}

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH before it is parsed (deep input overflows the
 * stack of whatever walks it later). One pass over the bytes, skipping strings.
 */
function checkDepth(_req: Request, _res: Response, buf: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw Object.assign(new Error('JSON too deep'), { type: 'entity.too.deep' });
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}

/** JSON and its structured-syntax subtypes (`application/scim+json`, `application/merge-patch+json`). */
const JSON_TYPES = ['application/json', 'application/*+json'];

/** BODY_LIMIT in bytes, as body-parser reads it. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** The content types the direct path reads (the header lower-cased); every other JSON type goes to body-parser. */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/** on-finished's test for a request: its body was read already (or cannot be). */
const bodyFinished = (req: Request & { upgrade?: boolean }) =>
  req.upgrade || !req.socket || !req.socket.readable || (req.complete && !req.readable);

/** body-parser's: the first character that is not JSON white space ('' when there is none). */
// eslint-disable-next-line no-control-regex -- tab, line feed and carriage return are JSON white space
const FIRST_NON_WHITESPACE = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d]|$)/;

/** What body-parser's strict JSON parser does with the decoded text: '' is {}, a value that is not an object or array is refused. */
function parseStrictJson(text: string): unknown {
  if (text.length === 0) return {};
  const first = FIRST_NON_WHITESPACE.exec(text)?.[1];
  if (first !== '{' && first !== '[')
    throw Object.assign(new SyntaxError('strict violation'), { type: 'entity.parse.failed', status: 400 });
  try {
    return JSON.parse(text);
  } catch (err) {
    throw Object.assign(err as Error, { type: 'entity.parse.failed', status: 400 });
  }
}

/**
 * The usual JSON body (a Content-Length within the limit, no Content-Encoding, `application/json`
 * with no charset or UTF-8) read directly, with body-parser's result for it: the raw bytes
 * checked for depth, decoded as UTF-8 with a leading BOM dropped (iconv-lite's decode), parsed
 * strictly (body-parser's rules above), and the same problems for the same failures. It skips
 * body-parser's per-request work around that (type-is and content-type parsing, raw-body's
 * stream wrapper, iconv-lite's codec lookup: about 10 µs of a token exchange, bench/README.md,
 * finding 19). Returns false, having done nothing, for any other request.
 */
function readPlainJson(req: Request, res: Response, next: NextFunction): boolean {
  const { 'content-type': type, 'content-length': length, 'content-encoding': encoding } = req.headers;
  if (type === undefined || length === undefined || req.headers['transfer-encoding'] !== undefined) return false;
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  if (!PLAIN_JSON.has(type.toLowerCase())) return false;
  const expected = parseInt(length, 10);
  if (!(expected <= BODY_LIMIT_BYTES) || bodyFinished(req)) return false;

  const chunks: Buffer[] = [];
  let received = 0;
  const done = (err?: unknown) => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('aborted', onAborted);
    req.off('error', onError);
    next(err);
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
  };
  const onAborted = () => done(parseFailure({ status: 400, type: 'request.aborted' }));
  const onError = (err: unknown) => done(parseFailure({ status: 400, type: (err as { type?: string }).type }));
  const onEnd = () => {
    if (received !== expected) return done(parseFailure({ status: 400, type: 'request.size.invalid' }));
    const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
    try {
      checkDepth(req, res, raw);
      let text = raw.toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      req.body = parseStrictJson(text);
    } catch (err) {
      return done(parseFailure(err));
    }
    done();
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('aborted', onAborted);
  req.on('error', onError);
  return true;
}

/** JSON bodies: the usual ones read directly (readPlainJson), the rest by body-parser. */
export const jsonBodyParser = (): RequestHandler => {
  const parser = typed(json({ limit: BODY_LIMIT, verify: checkDepth, type: JSON_TYPES }));
  return (req, res, next) => {
    if (!readPlainJson(req, res, next)) parser(req, res, next);
  };
};

/** A request whose JSON body was also kept as received (signature checks need the exact bytes). */
export type RawBodyRequest = Request & { rawBody?: Buffer };

/**
 * The JSON parser that also keeps the raw bytes on `req.rawBody`, for routes whose body is signed
 * (the payment provider's events). Mounted on those paths before the shared parser, which then
 * leaves the already-parsed body alone.
 */
export const rawKeepingJsonBodyParser = () =>
  typed(
    json({
      limit: BODY_LIMIT,
      type: JSON_TYPES,
      verify: (req, res, buf) => {
        checkDepth(req as Request, res as Response, buf);
        (req as RawBodyRequest).rawBody = buf;
      },
    }),
  );
export const formBodyParser = () => typed(urlencoded({ extended: false, limit: BODY_LIMIT }));

/**
 * After parsing: a key that names a prototype (`__proto__`, `constructor`, `prototype`) is an
 * unknown field wherever it is, and a string (or key) holding the NUL character or an unpaired
 * surrogate cannot be stored as sent (PostgreSQL refuses both in jsonb, NUL in text too): all are
 * 422 with the field's path, before any handler runs (unstorableFields).
 */
export function bodyContentCheck(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') return next();
  const errors = unstorableFields(body);
  next(Object.keys(errors).length > 0 ? new ValidationProblem(errors) : undefined);
}

/** JSON routes (under /api/) take JSON: a body of any other type is 415, not silently ignored. */
export function jsonOnly(req: Request, _res: Response, next: NextFunction): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  const type = req.headers['content-type'];
  if (!hasBody || (type !== undefined && PLAIN_JSON.has(type.toLowerCase())) || req.is(JSON_TYPES)) return next();
  next(
    new ProblemError({
      status: 415,
      code: 'unsupported_media_type',
      detail: 'send the request body as application/json',
    }),
  );
}
