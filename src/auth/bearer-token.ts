import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import type { Request, Response } from 'express';

/**
 * How a family's Authorization header may be laid out:
 * - `exact`: passport-http-bearer's own form, `Bearer <token>` with one space (metrics, SCIM,
 *   partner keys and engagement tokens);
 * - `lenient`: machine credentials (agk_ keys and access tokens) may also have several spaces
 *   after the scheme and white space after the token, and have none inside it.
 */
export type BearerLayout = 'exact' | 'lenient';

/** A lenient header: the scheme, spaces, the token, optional trailing white space. */
const LENIENT = /^(\S+)[ ]+(\S+)\s*$/;

/**
 * The one header strategy, on a Passport of its own (nothing else registers with it), and its
 * middleware, built once: passport.authenticate makes each request's strategy with
 * Object.create(<registered strategy>), so a strategy built per call, as this used to be, became
 * a fresh prototype with a fresh hidden class each time, which V8 keeps in the old space; the
 * strategies those classes pointed at then survived every scavenge until a full collection
 * (bench/README.md, finding 46). The callback hands the token over in `answer`: the middleware
 * answers before it returns (checked in readBearerToken), so calls cannot interleave.
 */
const HEADER_STRATEGY = 'authorization-header';
const headerReader = new passport.Passport().use(HEADER_STRATEGY, new BearerStrategy((token, done) => done(null, { token })));
let answer: { token: string | undefined } | undefined;
const readHeader = headerReader.authenticate(HEADER_STRATEGY, { session: false }, (err: Error | null, user: { token: string } | false) => {
  if (err) throw err;
  answer = { token: user ? user.token : undefined };
}) as (req: Request, res: Response, next: (err?: unknown) => void) => void;
const NO_RESPONSE = {} as Response;
const unexpected = (err: unknown) => {
  throw err;
};

/**
 * The bearer token of a request's Authorization header: the one place it is parsed, by
 * passport-http-bearer, for every family (metrics, SCIM, partner and engagement tokens, and
 * machine credentials, whose lenient layout is first brought to the exact one), so each reads
 * the header the same way. Only the header is shown to passport: passport-http-bearer also reads
 * `access_token` from the query and body, which would put secrets in URLs and logs. Undefined
 * when the header holds no well-formed bearer token. Each strategy then verifies the token itself
 * (hash lookup, constant-time comparison) and returns its principal. Synchronous: the header
 * strategy answers before passport.authenticate returns (checked below).
 */
export function readBearerToken(req: Pick<Request, 'headers'>, layout: BearerLayout = 'exact'): string | undefined {
  let header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  if (layout === 'lenient') {
    const parts = LENIENT.exec(header);
    if (!parts) return undefined;
    header = `${parts[1]} ${parts[2]}`;
  }
  const headerOnly = { headers: { authorization: header }, query: {}, body: undefined } as unknown as Request;
  answer = undefined;
  readHeader(headerOnly, NO_RESPONSE, unexpected);
  const read = answer as { token: string | undefined } | undefined;
  answer = undefined;
  if (!read) throw new Error('passport-http-bearer did not answer synchronously');
  return read.token;
}

/**
 * Whether a request presents an operator API token (`Authorization: Bearer aot_...`): the guard
 * then authenticates an operator route with the API-token strategy instead of the session. Any
 * other Authorization header leaves operator routes to the session cookie, as before.
 */
export function presentsApiToken(req: Pick<Request, 'headers'>): boolean {
  const header = req.headers.authorization;
  return typeof header === 'string' && /^bearer[ ]+aot_/i.test(header);
}
