import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { MEMBER_LIST, MemberEnvelopeDto, MemberListDto, UpdateMemberDto } from './dto/member.dto';
import { MembersService } from './members.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

const ownersOnly = ApiForbiddenResponse({
  type: ProblemDto,
  description: 'insufficient_role: a member; or an admin making, changing or removing an owner',
});
const conflicts = ApiConflictResponse({
  type: ProblemDto,
  description:
    'last_owner: the workspace would have no owner left; scim_managed: the membership is SCIM-provisioned (change it through SCIM)',
});

/** The members of the session's workspace (API.md Part 3 "Members and invitations"). */
@OperatorResource()
@Controller('api/v1/operator/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @OperatorAuth({ role: 'member', person: true })
  @Get()
  @ApiList(MEMBER_LIST)
  @ApiOperation({
    summary: "List the workspace's members",
    description:
      'Any member (session cookie). `{ members, count, pagination }`, oldest membership first: each with its account (`id`, `email`, `name`), role, ' +
      'status (`suspended` when SCIM suspended the membership or the account), whether the account has a second factor (`mfa_enabled`), `sso` (whether the account ' +
      "signed in through one of this workspace's SSO connections) and whether SCIM provisioned it (`scim_managed`). `limit` 1 to 200 (default 50), `offset` 0 to 10000; a bad one is 400.",
  })
  @ApiOkResponse({ type: MemberListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<MemberListDto> {
    return this.members.list(op.workspaceId, parseList(MEMBER_LIST, query));
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Patch(':user_id')
  @ApiOperation({
    summary: "Change a member's role",
    description:
      'Owners and admins (session cookie). `{ role }` (owner, admin or member) answers 200 `{ member }`; the same role changes nothing. Only an owner makes or ' +
      'unmakes an owner (403 `insufficient_role`). Demoting the last owner is 409 `last_owner` (two owners demoting each other at once leave one), and a ' +
      'SCIM-provisioned membership is 409 `scim_managed`. An account that is not a member here, or a user_id that is not a UUID, is 404.',
  })
  @ApiOkResponse({ type: MemberEnvelopeDto })
  @ownersOnly
  @conflicts
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('user_id', uuidParam) userId: string,
    @Body() dto: UpdateMemberDto,
  ): Promise<MemberEnvelopeDto> {
    return { member: await this.members.changeRole(op, userId, dto.role) };
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Delete(':user_id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a member',
    description:
      'Owners and admins (session cookie). Deletes the membership (204): the account is refused this workspace from its next request, its operator sockets close ' +
      'with 4401 on every node, and an account left without any workspace has every session ended. Only an owner removes an owner (403 `insufficient_role`); ' +
      'the last owner cannot be removed (409 `last_owner`); a SCIM-provisioned membership is 409 `scim_managed`. Not a member here: 404.',
  })
  @ApiNoContentResponse({ description: 'removed' })
  @ownersOnly
  @conflicts
  @ApiNotInWorkspace()
  async remove(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('user_id', uuidParam) userId: string): Promise<void> {
    await this.members.remove(op, userId);
  }
}
