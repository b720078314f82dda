import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/bootstrap';
import { Clock } from '../../src/core/common/clock/clock';
import { ServiceExpressAdapter } from '../../src/core/common/http/service-express.adapter';
import { AppConfig, loadConfig } from '../../src/core/config/app-config';
import { TestClock } from './test-clock';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  clock: TestClock;
  http: () => ReturnType<typeof request>;
  /** Listens on an ephemeral port (for websocket and multi-node tests); returns the base URL. */
  listen: () => Promise<string>;
  close: () => Promise<void>;
}

/**
 * Boots the real AppModule, configured exactly like main.ts, against the real test Postgres and
 * Redis. `env` overrides variables for this instance only; the clock starts at the real time and
 * moves only when the test moves it.
 */
export async function createTestApp(options: { env?: Record<string, string | undefined> } = {}): Promise<TestApp> {
  const config = loadConfig({ ...process.env, ...options.env });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new ServiceExpressAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);
  await app.init();
  let baseUrl: string | undefined;
  return {
    app,
    config,
    clock,
    http: () => request(app.getHttpServer()),
    listen: async () => {
      if (!baseUrl) {
        await app.listen(0, '127.0.0.1');
        const address = app.getHttpServer().address() as { port: number };
        baseUrl = `http://127.0.0.1:${address.port}`;
      }
      return baseUrl;
    },
    close: () => (app as INestApplication).close(),
  };
}
