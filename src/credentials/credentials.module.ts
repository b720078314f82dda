import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { CommonModule } from '../core/common/common.module';
import { EventsModule } from '../events';
import { AgentTokensController } from './agent-tokens.controller';
import { CredentialRefusals } from './credential-refusals';
import { CredentialsRepository } from './credentials.repository';
import { MachineAuthStrategy } from './machine-auth.strategy';
import { MachineCredentialsService } from './machine-credentials.service';
import { TokenExchangeService } from './token-exchange.service';
import { WorkspaceKeyService } from './workspace-key.service';

/** agk_ keys, access tokens, machine authentication and the token exchange. */
@Module({
  imports: [CommonModule, AgentsModule, EventsModule],
  controllers: [AgentTokensController],
  providers: [CredentialsRepository, MachineCredentialsService, MachineAuthStrategy, TokenExchangeService, WorkspaceKeyService, CredentialRefusals],
  exports: [MachineCredentialsService, WorkspaceKeyService, CredentialRefusals],
})
export class CredentialsModule {}
