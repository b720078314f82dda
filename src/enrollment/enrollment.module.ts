import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CohortsController } from './cohorts.controller';
import { CohortsRepository } from './cohorts.repository';
import { CohortsService } from './cohorts.service';
import { EnrollmentClaimController } from './enrollment-claim.controller';
import { EnrollmentClaimService } from './enrollment-claim.service';
import { EnrollmentClaimsRepository } from './enrollment-claims.repository';
import { EnrollmentTokensController } from './enrollment-tokens.controller';
import { EnrollmentTokensRepository } from './enrollment-tokens.repository';
import { EnrollmentTokensService } from './enrollment-tokens.service';
import { Cohort } from './entities/cohort.entity';
import { EnrollmentClaim } from './entities/enrollment-claim.entity';
import { EnrollmentToken } from './entities/enrollment-token.entity';
import { Robot } from './entities/robot.entity';
import { RobotsController } from './robots.controller';
import { RobotsRepository } from './robots.repository';
import { RobotsService } from './robots.service';

/** Fleet enrollment: age_ tokens, robots, cohorts and the claim that turns a device into an agent. */
@Module({
  imports: [TypeOrmModule.forFeature([EnrollmentToken, Robot, Cohort, EnrollmentClaim])],
  controllers: [EnrollmentTokensController, RobotsController, CohortsController, EnrollmentClaimController],
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
})
export class EnrollmentModule {}
