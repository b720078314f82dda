import 'reflect-metadata';
// First, so that tracing (when on) starts before what it instruments is loaded (ADR 0279).
// eslint-disable-next-line import-x/order -- its require must run before those of Nest, express, pg and ioredis
import { stopTracing } from './core/tracing/preload';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { HttpConnections } from './core/common/http/http-connections';
import { ServiceExpressAdapter } from './core/common/http/service-express.adapter';
import { AppConfig, ConfigValidationError, loadConfig } from './core/config/app-config';
import { configSources, loadEnvFile } from './core/config/env-file';
import { flushLogs } from './core/logging/log-destination';
import { SocketGateway } from './gateway/socket.gateway';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';

let envFile: string | undefined;

async function main(): Promise<void> {
  envFile = loadEnvFile();
  // Validate before building anything, so a bad deployment fails naming every bad variable.
  loadConfig();
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ServiceExpressAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);
  const config = app.get(AppConfig);
  const logger = app.get(Logger);
  await app.listen(config.port);
  const server: Server = app.getHttpServer();
  // The port actually bound (PORT=0 picks a free one), and the runtime, which is part of what is
  // deployed: /metrics carries it too (nodejs_version_info).
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  logger.log(`listening on :${port} (Node.js ${process.version})`, 'Bootstrap');
  flushLogs();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining in-flight requests`, 'Shutdown');
    // 1. Stop accepting connections (upgrades included); /ready answers 503; in-flight requests finish and every answer
    //    carries `connection: close`; a kept-alive connection closes once idle for a second (a request racing the
    //    shutdown on it is answered, not reset); anything still open after the grace period is cut.
    const drained = app.get(HttpConnections).drain(server);
    // Websockets would hold the server open: tell their clients we are going away (1001).
    await app.get(SocketGateway).goAway(Math.min(1000, config.shutdownGraceMs));
    const cut = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
    cut.unref();
    // Whatever still hangs after twice the grace period (a stuck job, an unreachable SMTP server)
    // does not keep the process alive: exit non-zero so the supervisor notices.
    const deadline = setTimeout(() => {
      logger.error('shutdown deadline passed; exiting', 'Shutdown');
      process.exit(1);
    }, config.shutdownGraceMs * 2);
    deadline.unref();
    await drained;
    // 2. Close workers (active jobs finish), Redis and the database pool.
    await app.close();
    // 3. The spans still queued go to the collector, for a second at most.
    await stopTracing(1000);
    logger.log('stopped', 'Shutdown');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigValidationError) {
    process.stderr.write(`${err.message}\n${configSources(envFile)}\n`);
  } else {
    process.stderr.write(`start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
