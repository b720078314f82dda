import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { EventsModule } from '../events';
import { SecurityViolationsModule } from '../security-violations';
import { ApprovalsPageController } from './approvals-page.controller';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsRepository } from './approvals.repository';
import { ApprovalsService } from './approvals.service';
import { GatewayCheckController } from './gateway-check.controller';
import { GatewayCheckService } from './gateway-check.service';
import { GatewayRulesPageController } from './gateway-rules-page.controller';
import { GatewayRulesController } from './gateway-rules.controller';
import { GatewayRulesRepository } from './gateway-rules.repository';
import { GatewayRulesService } from './gateway-rules.service';

/** Gateway rules, POST /api/v1/gateway/check, and the approvals a check can ask for. */
@Module({
  imports: [CommonModule, EventsModule, SecurityViolationsModule, AuditModule, AgentsModule],
  controllers: [GatewayRulesController, GatewayCheckController, ApprovalsController, ApprovalsPageController, GatewayRulesPageController],
  providers: [GatewayRulesRepository, ApprovalsRepository, GatewayRulesService, ApprovalsService, GatewayCheckService],
  exports: [ApprovalsService],
})
export class GatewayRulesModule {}
