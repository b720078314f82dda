import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Membership } from './entities/membership.entity';
import { Plan } from './entities/plan.entity';
import { User } from './entities/user.entity';
import { Workspace } from './entities/workspace.entity';
import { PasswordHasher } from './password-hasher';
import { QuotasService } from './quotas.service';
import { WorkspacesService } from './workspaces.service';

/** The tenancy core: users, workspaces, memberships, plans. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([User, Workspace, Membership, Plan])],
  providers: [PasswordHasher, WorkspacesService, QuotasService],
  exports: [PasswordHasher, WorkspacesService, QuotasService],
})
export class IdentityModule {}
