import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
import { QuotasService } from './quotas.service';
import { WorkspacesService } from './workspaces.service';

/** The tenancy core: users, workspaces, memberships, plans. */
@Module({
  providers: [PasswordHasher, WorkspacesService, QuotasService],
  exports: [PasswordHasher, WorkspacesService, QuotasService],
})
export class IdentityModule {}
