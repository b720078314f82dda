import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { SessionsModule } from '../sessions';
import { ApiTokenAuthStrategy } from './api-token-auth.strategy';
import { ApiTokenVerifier } from './api-token-verifier.service';
import { ApiTokensPageController } from './api-tokens-page.controller';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';

/**
 * Operator API tokens (API.md Part 3): the JSON routes, the console page, and the strategy that
 * lets an `aot_` token into `/api/v1/operator/*` (the guard picks it when a request presents one).
 */
@Module({
  imports: [CommonModule, AuditModule, SessionsModule, CredentialsModule],
  controllers: [ApiTokensController, ApiTokensPageController],
  providers: [ApiTokensRepository, ApiTokensService, ApiTokenVerifier, ApiTokenAuthStrategy],
  exports: [ApiTokenVerifier],
})
export class ApiTokensModule {}
