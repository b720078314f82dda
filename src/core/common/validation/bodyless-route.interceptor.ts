import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ValidationProblem } from '../problem/problem.error';

/**
 * A JSON route that takes no body (SPEC: "Body: none", e.g. POST /api/v1/socket_tokens, the
 * revoke and archive actions) refuses one with fields, as a route with a body refuses unknown
 * fields: 422, each field "is not an allowed field". An empty body or `{}` is fine.
 */
@Injectable()
export class BodylessRouteInterceptor implements NestInterceptor {
  private readonly takesBody = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const body: unknown = req.body;
    if (body === null || typeof body !== 'object' || !req.originalUrl.startsWith('/api/')) return next.handle();
    const fields = Object.keys(body);
    if (fields.length === 0 || this.declaresBody(context)) return next.handle();
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
