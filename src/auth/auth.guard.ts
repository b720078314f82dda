import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { markAuthRefusalCounted, setAuthMechanism } from '../core/common/http/auth-outcome';
import { ForbiddenProblem, ProblemError } from '../core/common/problem/problem.error';
import { AUTH_FAILURES_METRIC } from '../core/metrics/metric-names';
import { MachineRateLimiter } from '../rate-limit';
import { AUTH_POLICY, AuthPolicy } from './auth-policy';
import { AuthStrategyRegistry, OPERATOR_ALTERNATIVE, type StrategyKind } from './auth-strategy.registry';
import { presentsApiToken } from './bearer-token';
import type { Principal, RequestWithPrincipal } from './principal';
import type { Response } from 'express';
import type { Counter } from 'prom-client';

/**
 * The single global guard: deny by default. A route without a declared policy, or whose policy
 * has no registered strategy, is refused (and logged, since that is a programming error).
 *
 * Authentication runs the policy's strategy, which returns the principal; it is set on the
 * request here and nowhere else. Routes whose policy rate-limits (machine, partner, engagement,
 * and the unauthenticated bootstrap routes) are counted here, once per request: against the
 * principal's rate-limit subject once authentication identified it, against the client IP when
 * the route is an unauthenticated bootstrap route or authentication refused the request.
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
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [context.getHandler(), context.getClass()]);
    if (!policy) {
      this.logger.error(`route ${context.getClass().name}.${context.getHandler().name} declares no auth policy`);
      throw new ForbiddenProblem('route_not_accessible');
    }
    const http = context.switchToHttp();
    const req = http.getRequest<RequestWithPrincipal>();
    const res = http.getResponse<Response>();
    // Unauthenticated machine bootstrap routes (exchange, claim, register) are the machine plane's.
    setAuthMechanism(req, policy.kind === 'public' ? (policy.rateLimit === 'ip' ? 'machine' : 'public') : policy.kind);
    if (policy.kind === 'public') {
      if (policy.rateLimit === 'ip') this.rateLimiter.consume(req, res, { kind: 'ip' });
      return true;
    }
    // An operator route presented an operator API token: its strategy, not the session's, and the
    // request is counted by the machine rate limit as machine requests are (API.md Part 3).
    const kind: StrategyKind = policy.kind === 'operator' && presentsApiToken(req) ? OPERATOR_ALTERNATIVE : policy.kind;
    const limited = policy.rateLimit === 'principal' || kind === OPERATOR_ALTERNATIVE;
    if (kind !== policy.kind) setAuthMechanism(req, kind);
    const strategy = this.strategies.get(kind);
    if (!strategy) {
      this.logger.error(`no auth strategy registered for "${kind}"`);
      throw new ForbiddenProblem('route_not_accessible');
    }
    let principal: Principal;
    try {
      principal = await strategy.authenticate(req, policy);
    } catch (err) {
      if (err instanceof ProblemError) {
        this.failures.inc({ mechanism: kind, reason: err.code });
        markAuthRefusalCounted(req);
      }
      // A refused request of a rate-limited kind still counts, against its IP (and may be answered 429 instead).
      if (limited) this.rateLimiter.consume(req, res, { kind: 'ip' });
      throw err;
    }
    req.principal = principal;
    if (limited) {
      if (!principal.rateLimitSubject) throw new Error(`the ${kind} strategy returned a principal without a rate-limit subject`);
      this.rateLimiter.consume(req, res, principal.rateLimitSubject);
    }
    return true;
  }
}
