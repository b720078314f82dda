import { Module, OnModuleInit } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { CommonModule } from '../core/common/common.module';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { EventsModule } from '../events';
import { AgentTokensController } from './agent-tokens.controller';
import { CredentialIssuer } from './credential-issuer.service';
import { CredentialRefusals } from './credential-refusals';
import { CredentialRevoker } from './credential-revoker.service';
import { CredentialsRepository } from './credentials.repository';
import { MachineAuthStrategy } from './machine-auth.strategy';
import { MachineCredentialVerifier } from './machine-credential-verifier.service';
import { TokenExchangeService } from './token-exchange.service';
import { WorkspaceKeyService } from './workspace-key.service';

/** agk_ keys, access tokens, machine authentication and the token exchange. */
@Module({
  imports: [CommonModule, AgentsModule, EventsModule, DataSubjectsModule],
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
  ],
  exports: [MachineCredentialVerifier, CredentialIssuer, CredentialRevoker, WorkspaceKeyService, CredentialRefusals],
})
export class CredentialsModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly repo: CredentialsRepository,
    private readonly revoker: CredentialRevoker,
  ) {}

  /** Data requests (issue 22): a subject's agents' keys; an erasure revokes them on every node. */
  onModuleInit(): void {
    this.subjects.registerPaged('credentials', {
      exportPage: (m, s, after) => this.repo.exportPage(m, s, after),
      erase: async (m, s) => {
        const revoked = await this.revoker.revokeAllOfAgents(m, s.workspaceId, s.serviceAgentIds);
        return () => this.revoker.publishCredentialsChanged(revoked);
      },
    });
  }
}
