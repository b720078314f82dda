import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { SessionsModule } from '../sessions';
import { OidcClient } from './oidc-client';
import { SsoConnectionsController } from './sso-connections.controller';
import { SsoConnectionsRepository } from './sso-connections.repository';
import { SsoConnectionsService } from './sso-connections.service';
import { SsoFlowStore } from './sso-flow.store';
import { SsoLoginController } from './sso-login.controller';
import { SsoSettingsPageController } from './sso-settings-page.controller';
import { SsoSignInService } from './sso-sign-in.service';

/** Single sign-on with OpenID Connect: connections (JSON and /app/settings/sso), and the sign-in pages under /users/sso (API.md Part 3). */
@Module({
  imports: [CommonModule, AuditModule, SessionsModule],
  controllers: [SsoConnectionsController, SsoLoginController, SsoSettingsPageController],
  providers: [OidcClient, SsoConnectionsRepository, SsoConnectionsService, SsoFlowStore, SsoSignInService],
})
export class SsoModule {}
