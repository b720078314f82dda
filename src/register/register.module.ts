import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { CredentialsModule } from '../credentials';
import { IdentityModule } from '../identity';
import { RegisterController } from './register.controller';
import { RegisterRepository } from './register.repository';
import { RegisterService } from './register.service';

@Module({
  imports: [CredentialsModule, AgentsModule, IdentityModule, AuditModule],
  controllers: [RegisterController],
  providers: [RegisterRepository, RegisterService],
})
export class RegisterModule {}
