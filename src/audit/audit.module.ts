import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { EventsModule } from '../events';
import { AuditEventsRepository } from './audit-events.repository';
import { AuditLog } from './audit-log.service';
import { AuditSealer } from './audit-sealer.service';

/**
 * The audit log (API.md Part 3; ADR 0238): AuditLog.record, which every audited change calls in
 * its transaction, and the sealer that chains the events. Its routes are AuditEventsModule's.
 */
@Module({
  imports: [CommonModule, EventsModule],
  providers: [AuditEventsRepository, AuditLog, AuditSealer],
  exports: [AuditLog, AuditSealer, AuditEventsRepository],
})
export class AuditModule {}
