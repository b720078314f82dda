import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { IdentityModule } from '../identity';
import { AdminWorkspacesRepository } from './admin-workspaces.repository';
import { AdminWorkspacesService } from './admin-workspaces.service';
import { AdminController } from './admin.controller';

@Module({
  imports: [IdentityModule, AuditModule],
  controllers: [AdminController],
  providers: [AdminWorkspacesService, AdminWorkspacesRepository],
})
export class AdminModule {}
