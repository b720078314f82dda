import { Module, OnModuleInit } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
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
  imports: [CommonModule, CredentialsModule, EventsModule, DataSubjectsModule],
  controllers: [SecurityViolationsController, SecurityViolationsPageController],
  providers: [SecurityViolationsRepository, SecurityViolationsService, ViolationRecorder],
  exports: [SecurityViolationsService, ViolationRecorder],
})
export class SecurityViolationsModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly violations: SecurityViolationsRepository,
  ) {}

  /** Data requests: violations about a subject's agents (detail erased), and an operator's name on those they handled. */
  onModuleInit(): void {
    this.subjects.registerPaged('security_violations', this.violations);
  }
}
