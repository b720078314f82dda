import { Module, OnModuleInit } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { EventsModule } from '../events';
import { SecurityViolationsModule } from '../security-violations';
import { ApprovalsPageController } from './approvals-page.controller';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsRepository } from './approvals.repository';
import { ApprovalsService } from './approvals.service';
import { GatewayCheckController } from './gateway-check.controller';
import { GatewayCheckService } from './gateway-check.service';
import { GatewayRulesController } from './gateway-rules.controller';
import { GatewayRulesRepository } from './gateway-rules.repository';
import { GatewayRulesService } from './gateway-rules.service';

/** Gateway rules, POST /api/v1/gateway/check, and the approvals a check can ask for. */
@Module({
  imports: [CommonModule, EventsModule, SecurityViolationsModule, DataSubjectsModule],
  controllers: [GatewayRulesController, GatewayCheckController, ApprovalsController, ApprovalsPageController],
  providers: [GatewayRulesRepository, ApprovalsRepository, GatewayRulesService, ApprovalsService, GatewayCheckService],
  exports: [ApprovalsService],
})
export class GatewayRulesModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly approvals: ApprovalsRepository,
  ) {}

  /** Data requests: approvals a subject's agents asked for (resource and context erased), and an operator's decisions. */
  onModuleInit(): void {
    this.subjects.registerPaged('approvals', this.approvals);
  }
}
