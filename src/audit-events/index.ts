export * from './audit-events.module';
export * from './audit-events.service';
