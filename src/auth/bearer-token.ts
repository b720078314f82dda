import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import type { Request, Response } from 'express';

/**
 * The bearer token of a request's Authorization header, read by passport-http-bearer for the
 * bearer families (metrics today; SCIM, partner and engagement keys next), so every one of them
 * parses the header the same way. Only the header is shown to passport: passport-http-bearer
 * also reads `access_token` from the query and body, which would put secrets in URLs and logs.
 * Resolves to undefined when the header holds no well-formed bearer token. Each strategy then
 * verifies the token itself (hash lookup, constant-time comparison) and returns its principal.
 */
export function readBearerToken(req: Request): Promise<string | undefined> {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return Promise.resolve(undefined);
  const headerOnly = { headers: { authorization: header }, query: {}, body: undefined } as unknown as Request;
  return new Promise<string | undefined>((resolve, reject) => {
    const reader = new BearerStrategy((token, done) => done(null, { token }));
    passport.authenticate(reader, { session: false }, (err: Error | null, user: { token: string } | false) =>
      err ? reject(err) : resolve(user ? user.token : undefined),
    )(headerOnly, (req.res ?? {}) as Response, reject);
  });
}
