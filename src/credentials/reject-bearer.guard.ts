import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { BadRequestProblem } from '../core/common/problem/problem.error';
import type { Request } from 'express';

export const BEARER_NOT_ACCEPTED = 'This endpoint accepts an API key, not a Bearer token';

/**
 * The token exchange is not a Bearer source: any `Authorization: Bearer` header is a 400. A guard
 * (not the service) so it wins over body validation, which runs later in the pipeline.
 */
@Injectable()
export class RejectBearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const authorization = context.switchToHttp().getRequest<Request>().headers.authorization;
    if (typeof authorization === 'string' && /^\s*bearer\b/i.test(authorization)) {
      throw new BadRequestProblem('bearer_not_accepted', { detail: BEARER_NOT_ACCEPTED });
    }
    return true;
  }
}
