import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock/clock';
import { SecretBox } from './crypto/secret-box';
import { RouteMethods } from './http/route-methods';
import { ProblemTransports } from './problem/problem-transports';

@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, ProblemTransports, RouteMethods, SecretBox],
  exports: [Clock, ProblemTransports, RouteMethods, SecretBox],
})
export class CommonModule {}
