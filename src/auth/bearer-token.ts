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
  let answer: { token: string | undefined } | undefined;
  const reader = new BearerStrategy((token, done) => done(null, { token }));
  passport.authenticate(reader, { session: false }, (err: Error | null, user: { token: string } | false) => {
    if (err) throw err;
    answer = { token: user ? user.token : undefined };
  })(headerOnly, {} as Response, (err: unknown) => {
    throw err;
  });
  if (!answer) throw new Error('passport-http-bearer did not answer synchronously');
  return answer.token;
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
