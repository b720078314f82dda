import { Module, OnModuleInit } from '@nestjs/common';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { TracesPageController } from './traces-page.controller';
import { OperatorTracesController, TracesController } from './traces.controller';
import { TracesRepository } from './traces.repository';
import { TracesService } from './traces.service';

/** Traces: machine ingest and read, operator list and show, the console's traces pages. */
@Module({
  imports: [DataSubjectsModule],
  controllers: [TracesController, OperatorTracesController, TracesPageController],
  providers: [TracesRepository, TracesService],
  exports: [TracesService, TracesRepository],
})
export class TracesModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly traces: TracesRepository,
  ) {}

  /** Data requests: the traces a subject's agents sent; an erasure blanks their names, attributes and spans. */
  onModuleInit(): void {
    this.subjects.registerPaged('traces', this.traces);
  }
}
