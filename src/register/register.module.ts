import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { IdentityModule } from '../identity/identity.module';
import { RegisterController } from './register.controller';
import { RegisterRepository } from './register.repository';
import { RegisterService } from './register.service';

@Module({
  imports: [CredentialsModule, AgentsModule, IdentityModule],
  controllers: [RegisterController],
  providers: [RegisterRepository, RegisterService],
})
export class RegisterModule {}
