import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Nest's Express adapter, with plain JSON answers written directly. Nest answers a returned object
 * with res.json(), and Express then re-parses the content type to add its charset, copies bodies
 * of 1 KB or more into a Buffer (so Node writes header and body as two chunks) and checks
 * freshness. A plain JSON answer is written here instead, with the same status, headers and bytes
 * (no ETag is configured, so there is no freshness to check). Everything else takes Express's
 * path unchanged: no body, strings, buffers and streams, HEAD, 204 and 304, and answers whose
 * handler already chose a content type.
 *
 * Measured on Node 24 with NestJS 12 against Nest's stock adapter in the same run (bench/README.md,
 * "Node 24"): GET /health 1.18-1.27x (1.11-1.42x in an A/B), the list read and the exchange
 * within noise. The prototype-stable HTTP server that used to sit under
 * this adapter (Express's per-request re-prototyping made a no-op) was a gain on Node 20 and a
 * loss on Node 24, and was removed.
 */
export class ServiceExpressAdapter extends ExpressAdapter {
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
