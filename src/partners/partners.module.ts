import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { CredentialsModule } from '../credentials';
import { SessionsModule } from '../sessions';
import { AdminPartnersController } from './admin-partners.controller';
import { EngagementEventsController } from './engagement-events.controller';
import { EngagementsRepository } from './engagements.repository';
import { EngagementsService } from './engagements.service';
import { FailedAuthThrottle } from './failed-auth-throttle.service';
import { FailedAuthFilter } from './failed-auth.filter';
import { EngagementAuthStrategy, PartnerAuthStrategy } from './marketplace-auth.strategies';
import { MarketplaceCredentialsService } from './marketplace-credentials.service';
import { OperatorEngagementsController } from './operator-engagements.controller';
import { PartnerController } from './partner.controller';
import { PartnersRepository } from './partners.repository';
import { PartnersService } from './partners.service';

/**
 * The marketplace plane: partners and their mpk_ keys (platform admins), engagements (workspace
 * owners and admins), engagement tokens (partners) and engagement events (partner runtimes), with
 * the partner and engagement auth kinds and their failed-authentication throttle.
 */
@Module({
  imports: [CommonModule, CredentialsModule, AuditModule, SessionsModule],
  controllers: [AdminPartnersController, OperatorEngagementsController, PartnerController, EngagementEventsController],
  providers: [
    PartnersRepository,
    EngagementsRepository,
    MarketplaceCredentialsService,
    PartnersService,
    EngagementsService,
    FailedAuthThrottle,
    FailedAuthFilter,
    ProblemRenderer,
    PartnerAuthStrategy,
    EngagementAuthStrategy,
  ],
})
export class PartnersModule {}
