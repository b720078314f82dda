import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy as BearerStrategy, VerifyFunction } from 'passport-http-bearer';
import { AuthStrategy, AuthStrategyRegistry } from '../auth/auth-strategy.registry';
import { constantTimeEqual } from '../core/common/crypto/secrets';
import { UnauthorizedProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';

/** SPEC.md: exactly this challenge on every 401 of /metrics. */
const CHALLENGE = { 'www-authenticate': 'Bearer realm="metrics"' };

/**
 * /metrics is reached with `Authorization: Bearer <METRICS_BEARER_TOKEN>` only: not a workspace
 * key, not a session. The bearer token is read by passport-http-bearer, limited to the header
 * (that strategy also reads `access_token` from the query and body, which would put the token
 * in URLs and logs). The token is mandatory in production (config refuses to start without it);
 * outside production, when none is configured, /metrics is open for local scraping.
 */
@Injectable()
export class MetricsTokenStrategy implements AuthStrategy<{ kind: 'metrics' }>, OnModuleInit {
  readonly kind = 'metrics' as const;
  private readonly bearer: BearerStrategy<VerifyFunction>;

  constructor(
    private readonly config: AppConfig,
    private readonly registry: AuthStrategyRegistry,
  ) {
    this.bearer = new BearerStrategy({ realm: 'metrics' }, (token, done) => {
      const expected = this.config.metricsBearerToken;
      done(null, expected !== undefined && constantTimeEqual(token, expected) ? { kind: 'metrics' } : false);
    });
  }

  onModuleInit(): void {
    this.registry.register(this);
  }

  async authenticate(req: Request): Promise<void> {
    if (this.config.metricsBearerToken === undefined && !this.config.isProduction) return;
    const header = req.headers.authorization;
    if (typeof header !== 'string' || !/^Bearer\s+\S+\s*$/i.test(header)) {
      throw new UnauthorizedProblem('metrics_token_required', { headers: CHALLENGE });
    }
    const ok = await new Promise<boolean>((resolve, reject) => {
      // A header-only view of the request: passport-http-bearer never sees query or body tokens.
      const headerOnly = { headers: { authorization: header }, query: {}, body: undefined } as unknown as Request;
      passport.authenticate(this.bearer, { session: false }, (err: unknown, user: unknown) =>
        err ? reject(err) : resolve(Boolean(user)),
      )(headerOnly, req.res as Response, reject);
    });
    if (!ok) throw new UnauthorizedProblem('invalid_metrics_token', { headers: CHALLENGE });
  }
}
