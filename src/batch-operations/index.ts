/** What the batch-operations feature offers the rest of the service; other features import it from here only. */
export * from './batch-action';
export * from './batch-operations.module';
export * from './batch-operations.service';
export * from './dto/batch-operation.dto';
