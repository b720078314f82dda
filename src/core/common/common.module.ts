import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock/clock';
import { ProblemTransports } from './problem/problem-transports';
import { RouteMethods } from './http/route-methods';

@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, ProblemTransports, RouteMethods],
  exports: [Clock, ProblemTransports, RouteMethods],
})
export class CommonModule {}
