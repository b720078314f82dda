import { Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { defaultIfEmpty, Observable, take } from 'rxjs';
import { encodeReply, errorResult, failureResult, HandlerResult, parseFrame, Ref, ReplyReasons } from './socket-protocol';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { RawData, WebSocket, WebSocketServer } from 'ws';

const isHandlerResult = (value: unknown): value is HandlerResult =>
  value !== null &&
  typeof value === 'object' &&
  ((value as HandlerResult).status === 'ok' || (value as HandlerResult).status === 'error') &&
  typeof (value as HandlerResult).payload === 'object';

/**
 * platform-ws with the service's envelope (socket-protocol.ts) instead of Nest's `{ event, data }`:
 * every client event gets exactly one reply with its ref. Frames that are not JSON, not an
 * envelope, or name no handler are answered here; handler outcomes come from
 * SocketReplyInterceptor. A handler that failed outside it (a guard or pipe) is an internal_error,
 * or the same unavailable reply when Postgres or Redis is out of reach.
 */
export class SocketWsAdapter extends WsAdapter {
  private readonly socketLogger = new Logger('SocketGateway');

  override bindMessageHandlers(
    client: WebSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    const byEvent = new Map(handlers.map((handler) => [String(handler.message), handler]));
    client.on('message', (data: RawData, isBinary: boolean) => {
      if (client.readyState !== client.OPEN) return;
      const frame = parseFrame(data, isBinary);
      if (!frame.ok) return reply(client, frame.ref, errorResult(frame.reason));
      const { event, ref, payload } = frame.envelope;
      const handler = byEvent.get(event);
      if (!handler) return reply(client, ref, errorResult(ReplyReasons.unknownEvent));
      transform(handler.callback(payload, event))
        .pipe(take(1), defaultIfEmpty(undefined))
        .subscribe({
          next: (result) => reply(client, ref, isHandlerResult(result) ? result : errorResult(ReplyReasons.internalError)),
          error: (err: unknown) => reply(client, ref, failureResult(err, this.socketLogger, `socket event ${event}`)),
        });
    });
  }

  /** Client errors (an oversized frame, a protocol violation) are the client's: a warning, no stack. */
  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (ws: WebSocket) =>
      ws.on('error', (err: Error) => this.socketLogger.warn(`socket client error: ${err.message}`)),
    );
    server.on('error', (err: Error) => this.socketLogger.error({ err }, 'socket server error'));
    return server;
  }
}

function reply(client: WebSocket, ref: Ref, result: HandlerResult): void {
  if (client.readyState === client.OPEN) client.send(encodeReply(ref, result));
}
