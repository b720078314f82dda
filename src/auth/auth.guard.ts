import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Request, Response } from 'express';
import type { Counter } from 'prom-client';
import { ForbiddenProblem, ProblemError } from '../core/common/problem/problem.error';
import type { RequestWithPrincipal } from '../credentials/machine-principal';
import { AUTH_FAILURES_METRIC } from '../metrics/metrics.constants';
import { MachineRateLimiter } from '../rate-limit/machine-rate-limiter';
import { AUTH_POLICY, AuthPolicy } from './auth-policy';
import { AuthStrategyRegistry } from './auth-strategy.registry';

/**
 * The single global guard: deny by default. A route without a declared policy, or whose policy
 * has no registered strategy, is refused (and logged, since that is a programming error).
 *
 * Machine-plane routes are rate limited here, once per request: after authentication has
 * identified the credential (counted against it), or against the client IP when the route is an
 * unauthenticated bootstrap route or authentication refused the request.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly strategies: AuthStrategyRegistry,
    private readonly rateLimiter: MachineRateLimiter,
    @InjectMetric(AUTH_FAILURES_METRIC) private readonly failures: Counter<string>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true; // websocket auth happens at the upgrade
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) {
      this.logger.error(`route ${context.getClass().name}.${context.getHandler().name} declares no auth policy`);
      throw new ForbiddenProblem('route_not_accessible');
    }
    const http = context.switchToHttp();
    const req = http.getRequest<RequestWithPrincipal>();
    if (policy.kind === 'public') {
      if (policy.rateLimit === 'ip') this.rateLimiter.consume(req, http.getResponse<Response>(), { kind: 'ip' });
      return true;
    }
    const strategy = this.strategies.get(policy.kind);
    if (!strategy) {
      this.logger.error(`no auth strategy registered for "${policy.kind}"`);
      throw new ForbiddenProblem('route_not_accessible');
    }
    const machine = policy.kind === 'machine';
    try {
      await strategy.authenticate(req as Request, policy);
    } catch (err) {
      if (err instanceof ProblemError) this.failures.inc({ mechanism: policy.kind, reason: err.error ?? err.detail });
      // A refused machine request still counts, against its IP (and may be answered 429 instead).
      if (machine) this.rateLimiter.consume(req, http.getResponse<Response>(), { kind: 'ip' });
      throw err;
    }
    if (machine && req.principal) {
      this.rateLimiter.consume(req, http.getResponse<Response>(), { kind: 'credential', id: req.principal.credentialId });
    }
    return true;
  }
}
