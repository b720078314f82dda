import type { NestApplicationOptions } from '@nestjs/common';
import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';
import * as http from 'node:http';
import * as https from 'node:https';

type RequestClass = typeof http.IncomingMessage;
type ResponseClass = typeof http.ServerResponse;

/**
 * Request and response classes whose prototypes already are the app's `request` and `response`
 * objects, so that Express's per-request `Object.setPrototypeOf(req, app.request)` (and the same
 * for `res`) finds the prototype in place and does nothing.
 *
 * Done per request on Node's own objects, that prototype change made about a third of everything
 * a request allocated outlive the next scavenge and get promoted: on Node 20 a bare Express 5 app
 * promoted ~3.2 MB per scavenge with 5 ms pauses, against ~5 KB and under 1 ms with these
 * classes, and spent 270–310 µs of CPU per hello-world request against 110–145 µs
 * (bench/README.md, finding 9).
 *
 * Node's constructors run on the object `new` made, as Node's own subclasses do
 * (`Readable.call(this)`). `Reflect.construct(IncomingMessage, args, ServiceRequest)` would be
 * the class-safe spelling, but V8 then derives a fresh hidden class for every object, which made
 * every request slower than before. Should a Node release turn these constructors into classes,
 * which cannot be called, the stock objects are kept (and Express re-prototypes them as before).
 */
export function prototypeStableServerOptions(
  app: Express,
  node: { IncomingMessage: RequestClass; ServerResponse: ResponseClass } = http,
): {
  IncomingMessage?: RequestClass;
  ServerResponse?: ResponseClass;
} {
  if ([node.IncomingMessage, node.ServerResponse].some((c) => /^class\b/.test(Function.prototype.toString.call(c)))) {
    return {};
  }
  const callRequest = node.IncomingMessage as unknown as (this: object, ...a: ConstructorParameters<RequestClass>) => void;
  const callResponse = node.ServerResponse as unknown as (this: object, ...a: ConstructorParameters<ResponseClass>) => void;
  function ServiceRequest(this: object, ...args: ConstructorParameters<RequestClass>) {
    callRequest.apply(this, args);
  }
  ServiceRequest.prototype = app.request;
  function ServiceResponse(this: object, ...args: ConstructorParameters<ResponseClass>) {
    callResponse.apply(this, args);
  }
  ServiceResponse.prototype = app.response;
  return {
    IncomingMessage: ServiceRequest as unknown as RequestClass,
    ServerResponse: ServiceResponse as unknown as ResponseClass,
  };
}

/**
 * Nest's Express adapter with an HTTP server that builds requests and responses with Express's
 * prototypes already in place (see `prototypeStableServerOptions`). The benchmark's tuned bare
 * NestJS baseline uses this alone.
 */
export class PrototypeStableExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    const app = this.getInstance<Express>();
    const classes = prototypeStableServerOptions(app);
    this.httpServer = options?.httpsOptions
      ? https.createServer({ ...options.httpsOptions, ...classes }, app)
      : http.createServer(classes, app);
    if (options?.forceCloseConnections) {
      // Nest's own bookkeeping for app.close() with forceCloseConnections; private in its typings.
      (this as unknown as { trackOpenConnections(): void }).trackOpenConnections();
    }
  }
}

/**
 * The service's Express adapter: prototype-stable requests and responses (above), and plain JSON
 * answers written directly. Nest answers a returned object with res.json(), and Express then
 * re-parses the content type to add its charset, copies bodies of 1 KB or more into a Buffer (so
 * Node writes header and body as two chunks) and checks freshness: about 25 µs per answer. A
 * plain JSON answer is written here instead, with the same status, headers and bytes (no ETag is
 * configured, so there is no freshness to check). Everything else takes Express's path
 * unchanged: no body, strings, buffers and streams, HEAD, 204 and 304, and answers whose handler
 * already chose a content type. Both changes are measured in bench/README.md.
 */
export class ServiceExpressAdapter extends PrototypeStableExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    const status = statusCode ?? response.statusCode;
    if (
      body === null ||
      typeof body !== 'object' ||
      body instanceof StreamableFile ||
      ArrayBuffer.isView(body) ||
      status === 204 ||
      status === 304 ||
      response.req.method === 'HEAD' ||
      response.getHeader('content-type') !== undefined
    ) {
      return super.reply(response, body, statusCode);
    }
    const json = JSON.stringify(body);
    response.statusCode = status;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('content-length', Buffer.byteLength(json));
    return response.end(json);
  }
}
