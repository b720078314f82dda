import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ValidationProblem } from '../problem/problem.error';
import type { Request } from 'express';

/**
 * A JSON route that takes no body (SPEC: "Body: none", e.g. POST /api/v1/socket_tokens, the
 * revoke and archive actions) refuses one with fields, as a route with a body refuses unknown
 * fields: 422, each field "is not an allowed field". An empty body or `{}` is fine.
 *
 * A global guard registered after authentication (AuthCoreModule), so a refused credential
 * still answers first, and before any pipe, as the interceptor it replaces did. It is not an
 * interceptor because a single interceptor anywhere puts every route of the app through Nest's
 * rxjs chain (an Observable, a ReplaySubject and their subscriptions per request); with no
 * interceptor Nest calls the handler directly (bench/README.md, finding 19).
 */
@Injectable()
export class BodylessRouteGuard implements CanActivate {
  private readonly takesBody = new WeakMap<object, boolean>();

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const body: unknown = req.body;
    if (body === null || typeof body !== 'object' || !req.originalUrl.startsWith('/api/')) return true;
    const fields = Object.keys(body);
    if (fields.length === 0 || this.declaresBody(context)) return true;
    throw new ValidationProblem(Object.fromEntries(fields.map((f) => [f, ['is not an allowed field']])));
  }

  private declaresBody(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let known = this.takesBody.get(handler);
    if (known === undefined) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<string, unknown>;
      known = Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
      this.takesBody.set(handler, known);
    }
    return known;
  }
}
