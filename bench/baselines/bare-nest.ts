// Baseline 2: a bare NestJS express app answering the same route, the framework's ceiling.
import 'reflect-metadata';
import { Controller, Get, Header, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

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
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.send?.('ready');
}
void main();
