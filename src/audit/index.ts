export * from './audit-actions';
export * from './audit-chain';
export * from './audit-event.mapper';
export * from './audit-events.repository';
export * from './audit-log.service';
export * from './audit-sealer.service';
export * from './audit.module';
export * from './dto/audit-event.dto';
