import { createServer, request as httpRequest, type Server } from 'node:http';
import { currentRequest, requestContextMiddleware } from './request-context';
import type { Request, Response } from 'express';
import type { AddressInfo } from 'node:net';

describe('requestContextMiddleware', () => {
  it('gives the request to code it runs and to work started before the answer, not to what ending the answer creates', async () => {
    const seen: Record<string, unknown> = {};
    const server: Server = createServer((req, res) => {
      requestContextMiddleware(req as Request, res as unknown as Response, () => {
        seen.route = currentRequest();
        // work the request starts and does not wait for (an audit event after the answer, ADR 0240)
        setTimeout(() => (seen.afterAnswer = currentRequest()), 20);
        res.once('finish', () => (seen.finish = currentRequest() ?? 'none'));
        const returned = res.end('ok');
        seen.endReturned = returned === res;
        seen.afterEnd = currentRequest();
        seen.req = req;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const body = await new Promise<string>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: '/' }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString())).on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(body).toBe('ok');
      expect(seen.route).toBe(seen.req);
      expect(seen.afterEnd).toBe(seen.req);
      expect(seen.afterAnswer).toBe(seen.req);
      expect(seen.endReturned).toBe(true);
      // 'finish' (where Node re-arms the kept-alive socket's idle timer) runs without the request
      expect(seen.finish).toBe('none');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
