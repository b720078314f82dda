import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { SessionsModule } from '../sessions';
import { PasskeyAssetsController } from './passkey-assets.controller';
import { PasskeyChallenges } from './passkey-challenges';
import { PasskeysPageController } from './passkeys-page.controller';
import { PasskeysController } from './passkeys.controller';
import { PasskeysRepository } from './passkeys.repository';
import { PasskeysService } from './passkeys.service';

/**
 * Passkeys (WebAuthn) as a second factor: registration, list and removal for the signed-in
 * operator, and PasskeysService's log-in step (authenticationOptions, verifyAuthentication) for
 * the pending second-factor log-in.
 */
@Module({
  imports: [CommonModule, SessionsModule],
  controllers: [PasskeysController, PasskeysPageController, PasskeyAssetsController],
  providers: [PasskeysRepository, PasskeyChallenges, PasskeysService],
  exports: [PasskeysService],
})
export class PasskeysModule {}
