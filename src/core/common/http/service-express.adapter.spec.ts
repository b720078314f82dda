import { Readable } from 'node:stream';
import { Controller, Get, Header, HttpCode, Module, Post, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ServiceExpressAdapter } from './service-express.adapter';
import type { NestExpressApplication } from '@nestjs/platform-express';

const BIG = { items: Array.from({ length: 50 }, (_, i) => ({ id: i, text: `élément ${i} — ünïcode` })) };

@Controller()
class SampleController {
  @Get('small')
  small() {
    return { ok: true, at: new Date(0) };
  }

  @Get('big')
  big() {
    return BIG;
  }

  @Post('created')
  created() {
    return [1, 2, 3];
  }

  @Post('empty')
  @HttpCode(204)
  empty() {
    return { ignored: true };
  }

  @Get('scim')
  @Header('content-type', 'application/scim+json; charset=utf-8')
  scim() {
    return { schemas: ['urn:x'] };
  }

  @Get('text')
  text() {
    return 'plain words';
  }

  @Get('stream')
  stream() {
    return new StreamableFile(Readable.from([Buffer.from('streamed')]), { type: 'text/plain' });
  }
}

@Module({ controllers: [SampleController] })
class SampleModule {}

async function boot(adapter: ExpressAdapter): Promise<NestExpressApplication> {
  const ref = await Test.createTestingModule({ imports: [SampleModule] }).compile();
  const app = ref.createNestApplication<NestExpressApplication>(adapter, { logger: false });
  app.set('etag', false);
  await app.init();
  return app;
}

describe('ServiceExpressAdapter', () => {
  let fast: NestExpressApplication;
  let plain: NestExpressApplication;
  beforeAll(async () => {
    fast = await boot(new ServiceExpressAdapter());
    plain = await boot(new ExpressAdapter());
  });
  afterAll(async () => {
    await fast.close();
    await plain.close();
  });

  const both = async (method: 'get' | 'post' | 'head', path: string) => {
    const [a, b] = await Promise.all([
      request(fast.getHttpServer())[method](path).buffer(true),
      request(plain.getHttpServer())[method](path).buffer(true),
    ]);
    return { fast: a, express: b };
  };

  it.each([
    ['get', '/small'],
    ['get', '/big'],
    ['post', '/created'],
    ['post', '/empty'],
    ['head', '/big'],
    ['get', '/scim'],
    ['get', '/text'],
    ['get', '/stream'],
  ] as const)('%s %s answers with the same status, type, length and bytes as Express', async (method, path) => {
    const { fast: a, express: b } = await both(method, path);
    expect(a.status).toBe(b.status);
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    expect(a.headers['content-length']).toBe(b.headers['content-length']);
    expect(a.text ?? '').toBe(b.text ?? '');
  });

  it('writes plain JSON answers itself, with the byte length of multi-byte text', async () => {
    const res = await request(fast.getHttpServer()).get('/big').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.stringify(BIG);
    expect(res.text).toBe(body);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(Number(res.headers['content-length'])).toBeGreaterThan(body.length);
  });

  it('takes the fast path for plain objects only', () => {
    const adapter = new ServiceExpressAdapter();
    const calls: string[] = [];
    const response = {
      statusCode: 200,
      req: { method: 'GET' },
      headers: {} as Record<string, unknown>,
      getHeader(name: string) {
        return this.headers[name];
      },
      setHeader(name: string, value: unknown) {
        this.headers[name] = value;
      },
      end(body: string) {
        calls.push(`end ${body}`);
      },
      status(code: number) {
        calls.push(`status ${code}`);
        this.statusCode = code;
        return this;
      },
      json(body: unknown) {
        calls.push(`json ${JSON.stringify(body)}`);
      },
      send(body?: unknown) {
        calls.push(`send ${String(body)}`);
      },
    };
    adapter.reply(response as never, { a: 1 }, 201);
    expect(calls).toEqual(['end {"a":1}']);
    expect(response.statusCode).toBe(201);
    calls.length = 0;
    response.headers['content-type'] = 'application/scim+json';
    adapter.reply(response as never, { a: 1 }, 200);
    expect(calls).toEqual(['status 200', 'json {"a":1}']);
  });
});
