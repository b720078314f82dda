import { Module } from '@nestjs/common';
import { TracesPageController } from './traces-page.controller';
import { OperatorTracesController, TracesController } from './traces.controller';
import { TracesRepository } from './traces.repository';
import { TracesService } from './traces.service';

/** Traces: machine ingest and read, operator list and show, the console's traces pages. */
@Module({
  controllers: [TracesController, OperatorTracesController, TracesPageController],
  providers: [TracesRepository, TracesService],
  exports: [TracesService, TracesRepository],
})
export class TracesModule {}
