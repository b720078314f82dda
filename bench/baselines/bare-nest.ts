// Baseline 2: a bare NestJS express app answering the same route, the framework's ceiling.
// With BARE_NEST_SERVER=prototype-stable it runs on the service's PrototypeStableExpressAdapter
// (Express's request/response prototypes set by the HTTP server, not per request): the same bare
// app on the server fix the service ships, i.e. the ceiling the service is really up against.
import 'reflect-metadata';
import { Controller, Get, Header, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PrototypeStableExpressAdapter } from '../../src/common/http/service-express.adapter';

@Controller()
class HealthController {
  @Get('health')
  @Header('cache-control', 'no-cache, no-store, must-revalidate')
  health() {
    return { status: 'ok', timestamp: new Date().toISOString() };
  }
}

@Module({ controllers: [HealthController] })
class BareModule {}

async function main() {
  const app =
    process.env.BARE_NEST_SERVER === 'prototype-stable'
      ? await NestFactory.create(BareModule, new PrototypeStableExpressAdapter(), { logger: false })
      : await NestFactory.create(BareModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.send?.('ready');
}
void main();
