import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { RobotsService } from '../enrollment';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { batchOperationPage, batchOperationsPage } from './batch-operations-pages';
import { BatchOperationsService } from './batch-operations.service';
import { BATCH_OPERATION_LIST, BATCH_TARGET_LIST } from './dto/batch-operation.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** /app/batch-operations: members follow their progress; owners and admins cancel them. */
@ApiTags('pages')
@Controller('app/batch-operations')
export class BatchOperationsPageController {
  constructor(
    private readonly batches: BatchOperationsService,
    private readonly robots: RobotsService,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Batch operations page',
    description:
      'Console page for any member of the workspace (operator session; none: redirect to the log-in page). ' +
      'Shows the batch operations newest first with their action, status and progress, with the query of `GET /api/v1/operator/batch_operations` (`status`, `action`, `limit`, `offset`; its 400s alike); ' +
      'owners and admins get a cancel button on the unfinished ones, confirmed before it posts.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of operations with their progress' })
  async page(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(BATCH_OPERATION_LIST, withoutEmptyFilters(query));
    const list = await this.batches.list(op.workspaceId, q);
    sendPage(
      res,
      batchOperationsPage({ chrome: consoleChrome(op), role: op.role, q, operations: list.batch_operations, total: list.pagination.total }),
    );
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get(':id')
  @ApiOperation({
    summary: 'Batch operation page',
    description:
      'Console page for any member of the workspace. Shows one operation, its progress and a page of its targets with their outcome, robots by name (`target_limit`, `target_offset` as the JSON route takes them); ' +
      'owners and admins get a button that cancels it while it is queued or running. 404 for an operation of another workspace.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'one operation, its progress and a page of its targets' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const targets = parseList(BATCH_TARGET_LIST, query);
    const { batch_operation } = await this.batches.show(op.workspaceId, id, targets);
    // robot actions name their targets (the other kinds keep their ids)
    const robotTargets = ['retire_robots', 'tag_robots', 'create_ota_update'].includes(batch_operation.action);
    const robotNames = robotTargets
      ? await this.robots.namesOf(
          op.workspaceId,
          batch_operation.targets.map((t) => t.target_id),
        )
      : new Map<string, string>();
    sendPage(res, batchOperationPage({ chrome: consoleChrome(op), role: op.role, operation: batch_operation, targets, robotNames }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/cancel')
  @ApiOperation({
    summary: 'Cancel a batch operation from its page',
    description:
      'The cancel form of the batch operation page (owners and admins). Stops the operation after the chunk in progress, ' +
      'the targets left being skipped, then redirects back to its page; 409 `invalid_transition` once it has finished.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'cancelled after the chunk in progress; back to the operation' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  @ApiConflictResponse({ description: 'invalid_transition: it has already finished' })
  async cancel(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.batches.cancel(op.workspaceId, id, op.userId);
    res.redirect(303, `/app/batch-operations/${id}`);
  }
}
