import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { AdminWorkspacesRepository } from './admin-workspaces.repository';
import { AdminController } from './admin.controller';

@Module({
  imports: [IdentityModule],
  controllers: [AdminController],
  providers: [AdminWorkspacesRepository],
})
export class AdminModule {}
