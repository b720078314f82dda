import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AuditEventsController } from './audit-events.controller';
import { AuditEventsService } from './audit-events.service';
import { AuditPageController } from './audit-page.controller';

/** The audit log's operator routes and console page (recording is AuditModule's). */
@Module({
  imports: [AuditModule],
  controllers: [AuditEventsController, AuditPageController],
  providers: [AuditEventsService],
  exports: [AuditEventsService],
})
export class AuditEventsModule {}
