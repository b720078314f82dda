import { Body, Controller, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { WORKSPACE_STATUSES, WorkspaceStatus } from '../identity';
import { consoleChrome, CurrentOperator } from '../sessions';
import { adminPage } from './admin-page';
import { AdminWorkspacesService } from './admin-workspaces.service';
import { ADMIN_WORKSPACE_LIST, AdminWorkspaceEnvelopeDto, AdminWorkspaceListDto, PLANS, UpdateWorkspaceDto } from './dto/admin.dto';
import type { OperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** Platform administration: only users whose confirmed email is in PLATFORM_ADMIN_EMAILS; everyone else 403. */

@ApiTags('admin')
@Controller()
export class AdminController {
  constructor(private readonly workspaces: AdminWorkspacesService) {}

  @OperatorAuth({ platformAdmin: true })
  @Get('api/v1/admin/workspaces')
  @ApiOperation({
    summary: 'List every workspace of the platform',
    description:
      'Platform admins only: an operator session whose email is in `PLATFORM_ADMIN_EMAILS` and confirmed (anyone else 403 `platform_admin_required`). ' +
      'Answers every workspace with its status and plan, newest first, paged by `limit` (1-500, default 100) and `offset` (0-100000).',
  })
  @ApiList(ADMIN_WORKSPACE_LIST)
  @ApiOkResponse({ type: AdminWorkspaceListDto })
  index(@Query() query: Record<string, unknown>): Promise<AdminWorkspaceListDto> {
    return this.workspaces.list(parseList(ADMIN_WORKSPACE_LIST, query));
  }

  @OperatorAuth({ platformAdmin: true })
  @Get('api/v1/admin/workspaces/:id')
  @ApiOperation({
    summary: 'Show one workspace',
    description:
      'Platform admins only (anyone else 403 `platform_admin_required`): the workspace with its status and plan, ' +
      'or 404 `not_found` for an unknown or non-UUID id.',
  })
  @ApiOkResponse({ type: AdminWorkspaceEnvelopeDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'not_found' })
  async show(@Param('id', uuid) id: string): Promise<AdminWorkspaceEnvelopeDto> {
    return { workspace: await this.workspaces.find(id) };
  }

  /** A status change takes effect on machine traffic at once on every node. */
  @OperatorAuth({ platformAdmin: true })
  @Patch('api/v1/admin/workspaces/:id')
  @ApiOperation({
    summary: "Change a workspace's status or plan",
    description:
      'Platform admins only: sets `status` (active, frozen, paused, archived) and/or `plan` (free, team, enterprise) and answers the workspace, or 404 `not_found`. ' +
      'A status change takes effect on machine traffic at once on every node: a frozen, paused or archived workspace is refused there with 403. ' +
      'Setting a status also ends a pause made by the payment provider, so a later paid invoice leaves the workspace alone.',
  })
  @ApiOkResponse({ type: AdminWorkspaceEnvelopeDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'not_found' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' })
  async update(@Param('id', uuid) id: string, @Body() dto: UpdateWorkspaceDto): Promise<AdminWorkspaceEnvelopeDto> {
    return { workspace: await this.workspaces.update(id, dto) };
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Get('admin')
  @ApiOperation({
    summary: 'Platform administration page',
    description:
      'The console page of platform admins (operator session; anyone else 403, no session: redirect to the log-in page). ' +
      'Lists every workspace with its status and plan, newest first and paged by `limit` and `offset` as the JSON list is, ' +
      'with a form per workspace to freeze, pause, archive or reactivate it and to change its plan, and a link to the marketplace partners.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'workspaces with status, plan and actions' })
  async page(@CurrentOperator() op: OperatorPrincipal, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    sendPage(res, adminPage(consoleChrome(op), await this.workspaces.list(parseList(ADMIN_WORKSPACE_LIST, query))));
  }

  /** The page's form: status and/or plan, then back to /admin. */
  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/workspaces/:id')
  @ApiOperation({
    summary: "Change a workspace's status or plan from the admin page",
    description:
      'The form of the platform administration page (platform admins only). Takes `status` and/or `plan` (an empty field changes nothing) ' +
      'with the same effect as `PATCH /api/v1/admin/workspaces/{id}`, then redirects back to `/admin`. ' +
      '422 `validation_failed` for a value outside the lists, 404 `not_found` for an unknown workspace.',
  })
  @ApiFormPost({
    status: { description: 'the new status', enum: WORKSPACE_STATUSES },
    plan: { description: 'the new plan', enum: PLANS },
  })
  @ApiSeeOtherResponse({ description: 'changed; back to /admin' })
  @ApiNotFoundResponse({ description: 'no such workspace' })
  @ApiUnprocessableEntityResponse({ description: 'a status or plan outside the lists' })
  async pageUpdate(@Param('id', uuid) id: string, @Body() body: { status?: unknown; plan?: unknown }, @Res() res: Response): Promise<void> {
    const status = typeof body?.status === 'string' && body.status ? body.status : undefined;
    const plan = typeof body?.plan === 'string' && body.plan ? body.plan : undefined;
    if (status !== undefined && !(WORKSPACE_STATUSES as readonly string[]).includes(status)) {
      throw new ValidationProblem({ status: ['must be one of active, frozen, paused, archived'] });
    }
    if (plan !== undefined && !(PLANS as readonly string[]).includes(plan)) {
      throw new ValidationProblem({ plan: ['must be one of free, team, enterprise'] });
    }
    await this.workspaces.update(id, { status: status as WorkspaceStatus | undefined, plan });
    res.redirect(303, '/admin');
  }
}
