import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Clock, SystemClock } from './clock/clock';
import { SecretBox } from './crypto/secret-box';
import { RouteMethods } from './http/route-methods';
import { ProblemTransports } from './problem/problem-transports';

@Module({
  imports: [DiscoveryModule],
  providers: [{ provide: Clock, useClass: SystemClock }, ProblemTransports, RouteMethods, SecretBox],
  exports: [Clock, ProblemTransports, RouteMethods, SecretBox],
})
export class CommonModule {}
