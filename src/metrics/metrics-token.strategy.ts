import { Injectable } from '@nestjs/common';
import { AuthStrategy, AuthStrategyFor, readBearerToken } from '../auth';
import { constantTimeEqual } from '../core/common/crypto/secrets';
import { NO_CACHE } from '../core/common/http/no-cache';
import { UnauthorizedProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import type { Principal, AuthPolicy } from '../auth';
import type { Request } from 'express';

/** The metrics scraper: no workspace, no scopes, not rate limited. */
const SCRAPER: Principal = Object.freeze({ kind: 'metrics', workspaceId: null, scopes: [], rateLimitSubject: null, actor: null });

/**
 * SPEC.md: exactly this challenge on every 401 of /metrics; and as every answer of the probes and
 * metrics (API.md), no caching (the 200's header is set by MetricsController).
 */
const CHALLENGE = { 'www-authenticate': 'Bearer realm="metrics"', 'cache-control': NO_CACHE };

/**
 * /metrics is reached with `Authorization: Bearer <METRICS_BEARER_TOKEN>` only: not a workspace
 * key, not a session. The bearer token is read by passport-http-bearer through readBearerToken
 * (header only), like every bearer family. The token is mandatory in production (config refuses
 * to start without it); outside production, when none is configured, /metrics is open for local
 * scraping.
 */
@AuthStrategyFor('metrics')
@Injectable()
export class MetricsTokenStrategy implements AuthStrategy<Extract<AuthPolicy, { kind: 'metrics' }>> {
  constructor(private readonly config: AppConfig) {}

  async authenticate(req: Request): Promise<Principal> {
    const expected = this.config.metricsBearerToken;
    if (expected === undefined && !this.config.isProduction) return SCRAPER;
    const token = readBearerToken(req);
    if (token === undefined) throw new UnauthorizedProblem('metrics_token_required', { headers: CHALLENGE });
    if (expected === undefined || !constantTimeEqual(token, expected)) {
      throw new UnauthorizedProblem('invalid_metrics_token', { headers: CHALLENGE });
    }
    return SCRAPER;
  }
}
