import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { formatDurationMs } from '../core/text/duration';
import { CurrentMachine } from '../credentials';
import { ApprovalsService } from './approvals.service';
import { APPROVAL_TTL_MS, ApprovalEnvelopeDto } from './dto/approval.dto';
import { GatewayCheckDto, GatewayCheckResponseDto } from './dto/gateway-check.dto';
import { GatewayCheckService } from './gateway-check.service';
import type { MachinePrincipal } from '../credentials';

/** The machine side of the gateway: ask before acting, and read the approval a check asked for. */
@ApiTags('machine')
@Controller('api/v1')
export class GatewayCheckController {
  constructor(
    private readonly gateway: GatewayCheckService,
    private readonly approvals: ApprovalsService,
  ) {}

  @MachineAuth('gateway:check')
  @Post('gateway/check')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask the gateway whether an action is allowed',
    description:
      'An `agk_` key or access token with scope `gateway:check`, before the agent acts. The first rule of the workspace whose glob matches `action` (ascending priority, ties oldest first) decides; with none, the action is allowed. ' +
      `A \`deny\` opens (or counts on) a medium security violation; \`require_approval\` answers the agent's pending approval for this action and resource, the same one while it stays pending, which expires after ${formatDurationMs(APPROVAL_TTL_MS, 'hour')}.`,
  })
  @ApiOkResponse({
    type: GatewayCheckResponseDto,
    description: 'allow, deny (a security violation is opened) or require_approval (with the pending approval)',
  })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  check(@CurrentMachine() machine: MachinePrincipal, @Body() dto: GatewayCheckDto): Promise<GatewayCheckResponseDto> {
    return this.gateway.check(machine, dto);
  }

  /** Any credential of the workspace holding gateway:check may read it (API.md Part 2 details). */
  @MachineAuth('gateway:check')
  @Get('approvals/:id')
  @ApiOperation({
    summary: 'Show an approval a gateway check asked for',
    description:
      'Any `agk_` key or access token of the workspace with scope `gateway:check`: poll it after a `require_approval` decision. ' +
      'Answers the approval with its status (pending, approved, denied, expired); 404 `not_found` for an approval of another workspace.',
  })
  @ApiOkResponse({ type: ApprovalEnvelopeDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'not found, or not in this workspace' })
  async show(@CurrentMachine() machine: MachinePrincipal, @Param('id', uuidParam) id: string): Promise<ApprovalEnvelopeDto> {
    return { approval: await this.approvals.show(machine.workspaceId, id) };
  }
}
