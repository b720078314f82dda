import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { MAIL_JOB_OPTIONS, registerQueue } from '../core/jobs/queue-worker';
import { IdentityModule } from '../identity';
import { MailModule } from '../mail';
import { AccountSessionsPageController } from './account-sessions-page.controller';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountSessionsService } from './account-sessions.service';
import { LoginThrottleService } from './login-throttle.service';
import { LoginController } from './login.controller';
import { LoginService } from './login.service';
import { MemberAudit } from './member-audit';
import { MfaPendingStore } from './mfa-pending.store';
import { OperatorAuthStrategy } from './operator-auth.strategy';
import { OperatorDataRepository } from './operator-data.repository';
import { OperatorSubjectData } from './operator-subject-data';
import { OperatorsRepository } from './operators.repository';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetProcessor } from './password-reset.processor';
import { PasswordResetRepository } from './password-reset.repository';
import { PasswordResetService } from './password-reset.service';
import { SecondFactorService } from './second-factor.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { ShownOnce } from './shown-once';
import { WorkspaceSwitchController } from './workspace-switch.controller';

/** Operator browser sessions: login, log-out, remember-me, throttles, password reset, the account's sessions. */
@Module({
  imports: [registerQueue(QueueNames.passwordResets, MAIL_JOB_OPTIONS), CommonModule, MailModule, IdentityModule, AuditModule],
  controllers: [
    LoginController,
    PasswordResetController,
    AccountSessionsController,
    AccountSessionsPageController,
    WorkspaceSwitchController,
  ],
  providers: [
    AccountSessionsService,
    ShownOnce,
    SessionsRepository,
    OperatorsRepository,
    PasswordResetRepository,
    SessionsService,
    OperatorAuthStrategy,
    LoginThrottleService,
    LoginService,
    PasswordResetService,
    PasswordResetProcessor,
    OperatorDataRepository,
    OperatorSubjectData,
    MemberAudit,
    MfaPendingStore,
    SecondFactorService,
  ],
  exports: [SessionsService, OperatorAuthStrategy, SecondFactorService, MemberAudit, ShownOnce],
})
export class SessionsModule {}
