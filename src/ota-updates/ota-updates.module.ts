import { Module } from '@nestjs/common';
import { AgentCommandsModule } from '../agent-commands';
import { AuditModule } from '../audit';
import { BatchOperationsModule } from '../batch-operations';
import { CommonModule } from '../core/common/common.module';
import { EnrollmentModule } from '../enrollment';
import { EventsModule } from '../events';
import { CreateOtaUpdateAction } from './create-ota-update.action';
import { OtaUpdatesMachineController } from './ota-updates-machine.controller';
import { OtaUpdatesPageController } from './ota-updates-page.controller';
import { OtaUpdatesController } from './ota-updates.controller';
import { OtaUpdatesRepository } from './ota-updates.repository';
import { OtaUpdatesService } from './ota-updates.service';

/** OTA updates: operator creation (one robot, or a cohort through a batch operation), delivery as agent commands, robot reports. */
@Module({
  imports: [CommonModule, EventsModule, EnrollmentModule, AgentCommandsModule, BatchOperationsModule, AuditModule],
  controllers: [OtaUpdatesController, OtaUpdatesMachineController, OtaUpdatesPageController],
  providers: [OtaUpdatesRepository, OtaUpdatesService, CreateOtaUpdateAction],
  exports: [OtaUpdatesService],
})
export class OtaUpdatesModule {}
