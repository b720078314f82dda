import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiConflictResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { WorkspaceOperator } from '../sessions';
import { UpdateWorkspaceDto, WorkspaceSettingsEnvelopeDto } from './dto/operator.dto';
import { WorkspacePolicyService } from './workspace-policy.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** The workspace the request acts on: its settings, and the owner's policy. */
@ApiTags('operator')
@ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' })
@Controller('api/v1/operator/workspace')
export class OperatorWorkspaceController {
  constructor(private readonly policy: WorkspacePolicyService) {}

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "Show the workspace's settings",
    description:
      'Any member: answers `{ workspace: { id, name, slug, plan, status, require_mfa } }` for the workspace the request acts on.',
  })
  @ApiOkResponse({ type: WorkspaceSettingsEnvelopeDto })
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal): Promise<WorkspaceSettingsEnvelopeDto> {
    return { workspace: await this.policy.settings(op.workspaceId) };
  }

  @OperatorAuth({ role: 'owner', person: true })
  @Patch()
  @ApiOperation({
    summary: "Change the workspace's policy",
    description:
      'Owners only: `{ require_mfa?: boolean }` answers `{ workspace }`. With `require_mfa`, a member without a second factor (TOTP or a passkey) ' +
      'can, after log-in, only enroll one: other operator routes answer 403 `mfa_enrollment_required` and pages redirect to `/app/account/security`; ' +
      'an SSO session satisfies the policy. An owner without a second factor of their own cannot turn it on (409 `mfa_not_enabled`), so the ' +
      'policy never shuts out the one who set it. The change applies from the next request on every node, and writes a `workspace.update` audit event.',
  })
  @ApiOkResponse({ type: WorkspaceSettingsEnvelopeDto })
  @ApiConflictResponse({ type: ProblemDto, description: '`mfa_not_enabled`: the owner has no second factor' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() dto: UpdateWorkspaceDto,
  ): Promise<WorkspaceSettingsEnvelopeDto> {
    return { workspace: await this.policy.update(op, dto) };
  }
}
