import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { EventsModule } from '../events';
import { SecurityViolationsPageController } from './security-violations-page.controller';
import { SecurityViolationsController } from './security-violations.controller';
import { SecurityViolationsRepository } from './security-violations.repository';
import { SecurityViolationsService } from './security-violations.service';
import { ViolationRecorder } from './violation-recorder.service';

/**
 * Security violations: opened by gateway denies (SecurityViolationsService.record, in the check's
 * transaction) and by refused credentials (ViolationRecorder, off the request path); listed and
 * moved through their states by operators.
 */
@Module({
  imports: [CommonModule, CredentialsModule, EventsModule, AuditModule],
  controllers: [SecurityViolationsController, SecurityViolationsPageController],
  providers: [SecurityViolationsRepository, SecurityViolationsService, ViolationRecorder],
  exports: [SecurityViolationsService, ViolationRecorder],
})
export class SecurityViolationsModule {}
