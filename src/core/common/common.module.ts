import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock/clock';
import { ProblemTransports } from './problem/problem-transports';

@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, ProblemTransports],
  exports: [Clock, ProblemTransports],
})
export class CommonModule {}
