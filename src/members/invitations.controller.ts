import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { formatDurationMs } from '../core/text/duration';
import { WorkspaceOperator } from '../sessions';
import {
  CreateInvitationDto,
  INVITATION_LIST,
  INVITATION_PATH,
  INVITATION_TTL_MS,
  InvitationEnvelopeDto,
  InvitationListDto,
} from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Invitations to the session's workspace (API.md Part 3 "Members and invitations"), for owners and admins. */
@OperatorResource()
@Controller('api/v1/operator/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @OperatorAuth({ role: 'admin', person: true })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Invite someone to the workspace',
    description:
      `Owners and admins (session cookie). \`{ email, role }\` answers 201 \`{ invitation }\` (status pending) and mails the address a link \`${INVITATION_PATH}/<token>\` ` +
      `that works once, within ${formatDurationMs(INVITATION_TTL_MS, 'day')}; only its SHA-256 is stored. The answer is the same whether or not the address has an account. ` +
      'Only an owner invites an owner (403 `insufficient_role`). An address that is a member already is 409 `already_member`; a pending invitation to the ' +
      'same address is replaced (status `replaced`, its link stops working): inviting again is how a link is resent. Redis unreachable: 503 `redis_unavailable` and no invitation.',
  })
  @ApiCreatedResponse({ type: InvitationEnvelopeDto })
  @ApiForbiddenResponse({ type: ProblemDto, description: 'insufficient_role: a member, or an admin inviting an owner' })
  @ApiConflictResponse({ type: ProblemDto, description: 'already_member' })
  @ApiServiceUnavailableResponse({ type: ProblemDto, description: 'redis_unavailable: the mail could not be queued; nothing was created' })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateInvitationDto): Promise<InvitationEnvelopeDto> {
    return { invitation: await this.invitations.create(op, dto) };
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Get()
  @ApiList(INVITATION_LIST)
  @ApiOperation({
    summary: "List the workspace's invitations",
    description:
      'Owners and admins (session cookie). `{ invitations, count, pagination }`, newest first, without tokens; `status` (pending, accepted, revoked, replaced) as ' +
      '`?status=` or `?filter[status]=`. `limit` 1 to 200 (default 50), `offset` 0 to 10000; a bad value is 400.',
  })
  @ApiOkResponse({ type: InvitationListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<InvitationListDto> {
    return this.invitations.list(op.workspaceId, parseList(INVITATION_LIST, query));
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Revoke an invitation',
    description:
      'Owners and admins (session cookie). Revokes a pending invitation (204): its link stops working. One accepted, revoked or replaced already is 409 ' +
      "`invitation_not_pending`; an unknown id, another workspace's or one that is not a UUID is 404.",
  })
  @ApiNoContentResponse({ description: 'revoked' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invitation_not_pending' })
  @ApiNotInWorkspace()
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.invitations.revoke(op.workspaceId, id);
  }
}
