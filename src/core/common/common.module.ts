import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock/clock';
import { ProblemTransports } from './problem/problem-transports';
import { RouteMethods } from './http/route-methods';
import { SecretBox } from './crypto/secret-box';

@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, ProblemTransports, RouteMethods, SecretBox],
  exports: [Clock, ProblemTransports, RouteMethods, SecretBox],
})
export class CommonModule {}
