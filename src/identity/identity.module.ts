import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
import { QuotasRepository } from './quotas.repository';
import { QuotasService } from './quotas.service';
import { WorkspacesRepository } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

/** The tenancy core: users, workspaces, memberships, plans. */
@Module({
  providers: [PasswordHasher, WorkspacesRepository, WorkspacesService, QuotasRepository, QuotasService],
  exports: [PasswordHasher, WorkspacesService, QuotasService],
})
export class IdentityModule {}
