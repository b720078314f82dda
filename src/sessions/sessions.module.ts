import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { IdentityModule } from '../identity';
import { MailModule } from '../mail';
import { LoginThrottleService } from './login-throttle.service';
import { LoginController } from './login.controller';
import { LoginService } from './login.service';
import { OperatorAuthStrategy } from './operator-auth.strategy';
import { OperatorsRepository } from './operators.repository';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetRepository } from './password-reset.repository';
import { PasswordResetProcessor } from './password-reset.processor';
import { PasswordResetService } from './password-reset.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Operator browser sessions: login, log-out, remember-me, throttles, password reset. */
@Module({
  imports: [registerQueue(QueueNames.passwordResets), CommonModule, MailModule, IdentityModule],
  controllers: [LoginController, PasswordResetController],
  providers: [
    SessionsRepository,
    OperatorsRepository,
    PasswordResetRepository,
    SessionsService,
    OperatorAuthStrategy,
    LoginThrottleService,
    LoginService,
    PasswordResetService,
    PasswordResetProcessor,
  ],
  exports: [SessionsService, OperatorAuthStrategy],
})
export class SessionsModule {}
