import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  SECURITY_VIOLATION_LIST,
  SecurityViolationEnvelopeDto,
  SecurityViolationListDto,
  UpdateSecurityViolationDto,
} from './dto/security-violation.dto';
import { SecurityViolationsService } from './security-violations.service';

/** Security violations of the session's workspace: read by members, acknowledged and resolved by admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/security_violations')
export class SecurityViolationsController {
  constructor(private readonly violations: SecurityViolationsService) {}

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiList(SECURITY_VIOLATION_LIST)
  @ApiOkResponse({ type: SecurityViolationListDto, description: 'newest first; only the nested filter[...] form is read' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<SecurityViolationListDto> {
    return this.violations.list(op.workspaceId, parseList(SECURITY_VIOLATION_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOkResponse({ type: SecurityViolationEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<SecurityViolationEnvelopeDto> {
    return { security_violation: await this.violations.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Patch(':id')
  @ApiOkResponse({ type: SecurityViolationEnvelopeDto, description: 'the changed violation' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition' })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: UpdateSecurityViolationDto,
  ): Promise<SecurityViolationEnvelopeDto> {
    return { security_violation: await this.violations.changeStatus(op.workspaceId, id, dto.status, op.userId) };
  }
}
