import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { CredentialsModule } from '../credentials';
import { IdentityModule } from '../identity';
import { SessionsModule } from '../sessions';
import { RegisterPageController } from './register-page.controller';
import { RegisterController } from './register.controller';
import { RegisterRepository } from './register.repository';
import { RegisterService } from './register.service';

@Module({
  imports: [CredentialsModule, AgentsModule, IdentityModule, AuditModule, SessionsModule],
  controllers: [RegisterController, RegisterPageController],
  providers: [RegisterRepository, RegisterService],
})
export class RegisterModule {}
