import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { PasskeysModule } from '../passkeys';
import { SessionsModule } from '../sessions';
import { MfaLoginController } from './mfa-login.controller';
import { MfaController } from './mfa.controller';
import { MfaRepository } from './mfa.repository';
import { MfaService } from './mfa.service';
import { SecurityPageController } from './security-page.controller';

/** Second factors (API.md Part 3): TOTP and recovery codes, the log-in's second step, the re-check, the security page. */
@Module({
  imports: [CommonModule, SessionsModule, PasskeysModule],
  controllers: [MfaController, MfaLoginController, SecurityPageController],
  providers: [MfaRepository, MfaService],
  exports: [MfaService],
})
export class MfaModule {}
