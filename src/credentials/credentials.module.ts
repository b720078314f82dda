import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { EventsModule } from '../events';
import { AgentTokensController } from './agent-tokens.controller';
import { CredentialIssuer } from './credential-issuer.service';
import { CredentialRefusals } from './credential-refusals';
import { CredentialRevoker } from './credential-revoker.service';
import { CredentialsSubjectData } from './credentials-subject-data';
import { CredentialsRepository } from './credentials.repository';
import { MachineAuthStrategy } from './machine-auth.strategy';
import { MachineCredentialVerifier } from './machine-credential-verifier.service';
import { TokenExchangeService } from './token-exchange.service';
import { WorkspaceKeyService } from './workspace-key.service';

/** agk_ keys, access tokens, machine authentication and the token exchange. */
@Module({
  imports: [CommonModule, AgentsModule, EventsModule, AuditModule],
  controllers: [AgentTokensController],
  providers: [
    CredentialsRepository,
    MachineCredentialVerifier,
    CredentialIssuer,
    CredentialRevoker,
    MachineAuthStrategy,
    TokenExchangeService,
    WorkspaceKeyService,
    CredentialRefusals,
    CredentialsSubjectData,
  ],
  exports: [MachineCredentialVerifier, CredentialIssuer, CredentialRevoker, WorkspaceKeyService, CredentialRefusals],
})
export class CredentialsModule {}
