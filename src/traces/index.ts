/** What the traces feature offers the rest of the service; other features import it from here only. */
export * from './dto/trace.dto';
export * from './traces.module';
export * from './traces.repository';
export * from './traces.service';
