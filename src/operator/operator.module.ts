import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { IdentityModule } from '../identity';
import { OperatorAgentsRepository } from './operator-agents.repository';
import { OperatorAgentsService } from './operator-agents.service';
import { OperatorWorkspaceController } from './operator-workspace.controller';
import { OperatorController } from './operator.controller';
import { WorkspacePolicyService } from './workspace-policy.service';
import { WorkspaceSettingsPageController } from './workspace-settings-page.controller';

/** Operator REST: the signed-in operator's view of their workspace's agents and keys. */
@Module({
  imports: [CommonModule, IdentityModule, CredentialsModule, AgentsModule, AuditModule],
  controllers: [OperatorController, OperatorWorkspaceController, WorkspaceSettingsPageController],
  providers: [OperatorAgentsRepository, OperatorAgentsService, WorkspacePolicyService],
  exports: [OperatorAgentsService],
})
export class OperatorModule {}
