import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ForbiddenProblem } from '../common/problem/problem.error';
import { AUTH_POLICY, AuthPolicy } from './auth-policy';
import { AuthStrategyRegistry } from './auth-strategy.registry';

/**
 * The single global guard: deny by default. A route without a declared policy, or whose policy
 * has no registered strategy, is refused (and logged, since that is a programming error).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly strategies: AuthStrategyRegistry,
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
    if (policy.kind === 'public') return true;
    const strategy = this.strategies.get(policy.kind);
    if (!strategy) {
      this.logger.error(`no auth strategy registered for "${policy.kind}"`);
      throw new ForbiddenProblem('route_not_accessible');
    }
    await strategy.authenticate(context.switchToHttp().getRequest<Request>(), policy);
    return true;
  }
}
