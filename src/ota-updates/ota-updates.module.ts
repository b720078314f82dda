import { Module } from '@nestjs/common';
import { AgentCommandsModule } from '../agent-commands';
import { BatchOperationsModule } from '../batch-operations';
import { CommonModule } from '../core/common/common.module';
import { DataSubjectsModule } from '../data-subjects';
import { EnrollmentModule } from '../enrollment';
import { EventsModule } from '../events';
import { CreateOtaUpdateAction } from './create-ota-update.action';
import { OtaUpdatesDataContributor } from './ota-updates-data.contributor';
import { OtaUpdatesMachineController } from './ota-updates-machine.controller';
import { OtaUpdatesController } from './ota-updates.controller';
import { OtaUpdatesRepository } from './ota-updates.repository';
import { OtaUpdatesService } from './ota-updates.service';

/** OTA updates: operator creation (one robot, or a cohort through a batch operation), delivery as agent commands, robot reports. */
@Module({
  imports: [CommonModule, EventsModule, EnrollmentModule, AgentCommandsModule, BatchOperationsModule, DataSubjectsModule],
  controllers: [OtaUpdatesController, OtaUpdatesMachineController],
  providers: [OtaUpdatesRepository, OtaUpdatesService, CreateOtaUpdateAction, OtaUpdatesDataContributor],
  exports: [OtaUpdatesService],
})
export class OtaUpdatesModule {}
