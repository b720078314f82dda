import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { catchError, map, Observable, of } from 'rxjs';
import { errorResult, failureResult, HandlerResult, SocketEventError } from './socket-protocol';

/**
 * Turns a socket handler's outcome into its reply: the returned object is the ok payload; a
 * SocketEventError is an error with its reason; Postgres or Redis unreachable is
 * `database_unavailable` / `redis_unavailable` with `retry_after` (what HTTP answers with a 503);
 * anything else is logged and an internal_error.
 */
@Injectable()
export class SocketReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('SocketGateway');

  intercept(context: ExecutionContext, next: CallHandler): Observable<HandlerResult> {
    return next.handle().pipe(
      map((payload: Record<string, unknown> | undefined): HandlerResult => ({ status: 'ok', payload: payload ?? {} })),
      catchError((err: unknown) => {
        if (err instanceof SocketEventError) return of(errorResult(err.reason, err.details));
        return of(failureResult(err, this.logger, `socket handler ${context.getHandler().name}`));
      }),
    );
  }
}
