import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { EventsModule } from '../events';
import { SessionsModule } from '../sessions';
import { ScimAccountsRepository } from './scim-accounts.repository';
import { ScimAdminPageController } from './scim-admin-page.controller';
import { ScimAuthStrategy } from './scim-auth.strategy';
import { ScimConsoleService } from './scim-console.service';
import { ScimDiscoveryController } from './scim-discovery.controller';
import { ScimErrorWriter } from './scim-error.writer';
import { ScimGroupsController } from './scim-groups.controller';
import { ScimGroupsRepository } from './scim-groups.repository';
import { ScimGroupsService } from './scim-groups.service';
import { ScimOperatorController } from './scim-operator.controller';
import { ScimSyncEventsRepository } from './scim-sync-events.repository';
import { ScimSyncLog } from './scim-sync-log.service';
import { ScimTokensRepository } from './scim-tokens.repository';
import { ScimTokensService } from './scim-tokens.service';
import { ScimUsersController } from './scim-users.controller';
import { ScimUsersRepository } from './scim-users.repository';
import { ScimUsersService } from './scim-users.service';

/**
 * SCIM 2.0 provisioning (/scim/v2) for Okta and Entra, its tokens, group roles and sync log
 * (operator REST and /app/admin). Errors under /scim/ are written in the SCIM error schema.
 */
@Module({
  imports: [CommonModule, EventsModule, SessionsModule, AuditModule],
  controllers: [ScimUsersController, ScimGroupsController, ScimDiscoveryController, ScimOperatorController, ScimAdminPageController],
  providers: [
    ProblemRenderer,
    ScimErrorWriter,
    ScimAuthStrategy,
    ScimTokensRepository,
    ScimTokensService,
    ScimUsersRepository,
    ScimGroupsRepository,
    ScimAccountsRepository,
    ScimSyncEventsRepository,
    ScimSyncLog,
    ScimUsersService,
    ScimGroupsService,
    ScimConsoleService,
  ],
})
export class ScimModule {}
