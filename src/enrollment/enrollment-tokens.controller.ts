import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  ENROLLMENT_TOKEN_LIST,
  EnrollmentTokenEnvelopeDto,
  EnrollmentTokenListDto,
  IssuedEnrollmentTokenEnvelopeDto,
  IssueEnrollmentTokenDto,
} from './dto/enrollment-token.dto';
import { EnrollmentTokensService } from './enrollment-tokens.service';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';

/** Enrollment tokens of the session's workspace. Issuing and revoking: admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/enrollment_tokens')
export class EnrollmentTokensController {
  constructor(private readonly tokens: EnrollmentTokensService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedEnrollmentTokenEnvelopeDto, description: 'the token is shown only here' })
  @ApiInvalidBody()
  async issue(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: IssueEnrollmentTokenDto): Promise<IssuedEnrollmentTokenEnvelopeDto> {
    return { enrollment_token: await this.tokens.issue(op.workspaceId, op.userId, dto) };
  }

  /** Newest first; never the secret. */
  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiList(ENROLLMENT_TOKEN_LIST)
  @ApiOkResponse({ type: EnrollmentTokenListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EnrollmentTokenListDto> {
    return this.tokens.list(op.workspaceId, parseList(ENROLLMENT_TOKEN_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOkResponse({ type: EnrollmentTokenEnvelopeDto })
  @ApiNotInWorkspace()
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<EnrollmentTokenEnvelopeDto> {
    return { enrollment_token: await this.tokens.revoke(op.workspaceId, id) };
  }
}
