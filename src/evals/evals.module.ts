import { Module } from '@nestjs/common';
import { EventsModule } from '../events';
import { EvalsPageController } from './evals-page.controller';
import { EvalRunsController, EvalSuitesController, OperatorEvalsController } from './evals.controller';
import { EvalsRepository } from './evals.repository';
import { EvalsService } from './evals.service';

/** Eval suites and runs: machine create, report and read; operator lists; the eval runs page. */
@Module({
  imports: [EventsModule],
  controllers: [EvalSuitesController, EvalRunsController, OperatorEvalsController, EvalsPageController],
  providers: [EvalsRepository, EvalsService],
})
export class EvalsModule {}
