import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { EventsModule } from '../events';
import { CredentialRotationController } from './credential-rotation.controller';
import { CredentialRotationRepository } from './credential-rotation.repository';
import { CredentialRotationService } from './credential-rotation.service';

/** POST /api/v1/credentials/rotate: a machine replaces its own key (ADR 0233). */
@Module({
  imports: [CommonModule, CredentialsModule, EventsModule, AuditModule],
  controllers: [CredentialRotationController],
  providers: [CredentialRotationService, CredentialRotationRepository],
})
export class CredentialRotationModule {}
