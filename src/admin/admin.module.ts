import { Module } from '@nestjs/common';
import { AdminWorkspacesRepository } from './admin-workspaces.repository';
import { AdminController } from './admin.controller';

@Module({ controllers: [AdminController], providers: [AdminWorkspacesRepository] })
export class AdminModule {}
