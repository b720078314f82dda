import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { EventsModule } from '../events';
import { IdentityModule } from '../identity';
import { SessionsModule } from '../sessions';
import { CohortsController } from './cohorts.controller';
import { CohortsRepository } from './cohorts.repository';
import { CohortsService } from './cohorts.service';
import { EnrollmentClaimController } from './enrollment-claim.controller';
import { EnrollmentClaimService } from './enrollment-claim.service';
import { EnrollmentClaimsRepository } from './enrollment-claims.repository';
import { EnrollmentTokensController } from './enrollment-tokens.controller';
import { EnrollmentTokensRepository } from './enrollment-tokens.repository';
import { EnrollmentTokensService } from './enrollment-tokens.service';
import { FleetPageController } from './fleet-page.controller';
import { RobotsController } from './robots.controller';
import { RobotsRepository } from './robots.repository';
import { RobotsService } from './robots.service';

/** Fleet enrollment: age_ tokens, robots, cohorts and the claim that turns a device into an agent. */
@Module({
  imports: [CommonModule, CredentialsModule, IdentityModule, AgentsModule, EventsModule, AuditModule, SessionsModule],
  controllers: [EnrollmentTokensController, RobotsController, CohortsController, EnrollmentClaimController, FleetPageController],
  providers: [
    EnrollmentTokensRepository,
    RobotsRepository,
    CohortsRepository,
    EnrollmentClaimsRepository,
    EnrollmentTokensService,
    RobotsService,
    CohortsService,
    EnrollmentClaimService,
  ],
  exports: [RobotsService],
})
export class EnrollmentModule {}
