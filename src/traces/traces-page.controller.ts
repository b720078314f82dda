import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { TRACE_LIST } from './dto/trace.dto';
import { tracePage, tracesPage } from './trace-pages';
import { TracesService } from './traces.service';

/** The traces pages of the console (any member). */
@ApiTags('pages')
@Controller('app/traces')
export class TracesPageController {
  constructor(private readonly traces: TracesService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'traces, newest first, with status and agent filters' })
  async list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const q = parseList(TRACE_LIST, withoutEmptyFilters(query));
    const list = await this.traces.list(op.workspaceId, q);
    sendPage(res, tracesPage({ email: op.email, list, status: q.filters.status, serviceAgentId: q.filters.service_agent_id }));
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get(':id')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a trace with the waterfall of its spans' })
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    sendPage(res, tracePage(op.email, await this.traces.get(op.workspaceId, id)));
  }
}
