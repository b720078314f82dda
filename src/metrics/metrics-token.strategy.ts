import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { AuthStrategyRegistry, AuthStrategy } from '../auth/auth-strategy.registry';
import { constantTimeEqual } from '../common/crypto/secrets';
import { UnauthorizedProblem } from '../common/problem/problem.error';
import { AppConfig } from '../config/app-config';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="metrics"' };

/**
 * /metrics is reached with `Authorization: Bearer <METRICS_BEARER_TOKEN>` only: not a workspace
 * key, not a session. The token is mandatory in production (config refuses to start without
 * it); outside production, when none is configured, /metrics is open for local scraping.
 */
@Injectable()
export class MetricsTokenStrategy implements AuthStrategy<{ kind: 'metrics' }>, OnModuleInit {
  readonly kind = 'metrics' as const;

  constructor(
    private readonly config: AppConfig,
    private readonly registry: AuthStrategyRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  authenticate(req: Request): void {
    const expected = this.config.metricsBearerToken;
    if (expected === undefined && !this.config.isProduction) return;
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/i.exec(header) : null;
    if (!match) throw new UnauthorizedProblem('metrics_token_required', CHALLENGE);
    if (expected === undefined || !constantTimeEqual(match[1], expected)) {
      throw new UnauthorizedProblem('invalid_metrics_token', CHALLENGE);
    }
  }
}
