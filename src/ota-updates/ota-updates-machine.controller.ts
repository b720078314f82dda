import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { CurrentMachine } from '../credentials';
import { OTA_UPDATE_LIST, OtaUpdateEnvelopeDto, OtaUpdateListDto, ReportOtaUpdateDto } from './dto/ota-update.dto';
import { OtaUpdatesService } from './ota-updates.service';
import type { MachinePrincipal } from '../credentials';

/** The robot's side: its own updates, and its progress reports. */
@ApiTags('machine')
@Controller('api/v1/ota_updates')
export class OtaUpdatesMachineController {
  constructor(private readonly updates: OtaUpdatesService) {}

  @MachineAuth('ota_updates:read')
  @Get()
  @ApiOperation({
    summary: "List the calling robot's OTA updates",
    description:
      "A robot's service agent, with an `agk_` key or access token holding `ota_updates:read`: answers `{ ota_updates, count, pagination }`, the updates addressed to the calling agent only, newest first. " +
      'Only the nested `filter[status]`, `filter[update_type]` and `filter[robot_id]` are read; a bad value is 400 `invalid_<name>`.',
  })
  @ApiList(OTA_UPDATE_LIST)
  @ApiOkResponse({ type: OtaUpdateListDto, description: 'the updates of the robot bound to the calling agent, newest first' })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<OtaUpdateListDto> {
    return this.updates.listForAgent(machine, parseList(OTA_UPDATE_LIST, query));
  }

  @MachineAuth('ota_updates:write')
  @Patch(':id')
  @ApiOperation({
    summary: 'Report progress on an OTA update',
    description:
      "A robot's service agent, with an `agk_` key or access token holding `ota_updates:write`, moves one of its updates forward only (pending → downloading → installing → succeeded | failed) with an optional `detail`, and answers `{ ota_update }`. " +
      "Repeating the current status is accepted (a retried report, or a new detail while the update is open); a final status finishes the update's `ota_update` agent command, and every change records `ota_update.updated`. " +
      '409 `invalid_transition` for a step backwards or an update that has finished; 404 `not_found` for an update of another robot.',
  })
  @ApiOkResponse({ type: OtaUpdateEnvelopeDto, description: 'the update as it now is' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition: backwards, or the update has finished' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'not an update of the calling robot' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  async report(
    @CurrentMachine() machine: MachinePrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: ReportOtaUpdateDto,
  ): Promise<OtaUpdateEnvelopeDto> {
    return { ota_update: await this.updates.report(machine, id, dto) };
  }
}
