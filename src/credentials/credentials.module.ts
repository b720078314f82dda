import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentTokensController } from './agent-tokens.controller';
import { CredentialsRepository } from './credentials.repository';
import { AccessToken } from './entities/access-token.entity';
import { ApiCredential } from './entities/api-credential.entity';
import { MachineAuthStrategy } from './machine-auth.strategy';
import { MachineCredentialsService } from './machine-credentials.service';
import { TokenExchangeService } from './token-exchange.service';
import { WorkspaceKeyService } from './workspace-key.service';

/** agk_ keys, access tokens, machine authentication and the token exchange. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiCredential, AccessToken])],
  controllers: [AgentTokensController],
  providers: [CredentialsRepository, MachineCredentialsService, MachineAuthStrategy, TokenExchangeService, WorkspaceKeyService],
  exports: [MachineCredentialsService, WorkspaceKeyService],
})
export class CredentialsModule {}
