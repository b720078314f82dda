import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemError } from '../core/common/problem/problem.error';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { AuditEventsService } from './audit-events.service';
import { auditPage, type AuditPageFilters } from './audit-pages';
import { AUDIT_LIST_LIMIT, decodeCursor, parseFilters, parseLimit } from './audit-query';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** What the form can be refused for, in words. */
const REASONS: Record<string, string> = {
  invalid_since: 'Since must be an ISO 8601 time, such as 2026-12-01T00:00:00Z.',
  invalid_until: 'Until must be an ISO 8601 time, such as 2026-12-31T23:59:59Z.',
  invalid_cursor: 'That page link is not valid any more: start again from the newest events.',
  invalid_limit: `Show 1 to ${AUDIT_LIST_LIMIT.max} events a page.`,
};

/** The filters as typed, for the form and the links (strings only; the list parses them); nested or flat keys, as parseFilters reads them. */
function typedFilters(query: Record<string, unknown>): AuditPageFilters {
  const nested = (typeof query.filter === 'object' && query.filter !== null ? query.filter : {}) as Record<string, unknown>;
  const pick = (k: keyof AuditPageFilters) => {
    const v = nested[k] ?? query[`filter[${k}]`];
    return typeof v === 'string' && v !== '' ? v.slice(0, 200) : undefined;
  };
  return { action: pick('action'), actor_id: pick('actor_id'), target_id: pick('target_id'), since: pick('since'), until: pick('until') };
}

/** /app/audit: the audit log's console page, for owners and admins (members get the 403 page). */
@ApiTags('pages')
@Controller('app/audit')
export class AuditPageController {
  constructor(private readonly audit: AuditEventsService) {}

  @OperatorAuth({ role: 'admin', page: true })
  @Get()
  @ApiOperation({
    summary: 'Audit log page',
    description:
      "The console page of the workspace's audit events, newest first in commit order, for owners and admins (session cookie; without one, a redirect to the log-in page; a member gets the 403 page). " +
      "A filter form (`filter[action]` exact or `prefix.*`, `filter[actor_id]`, `filter[target_id]`, `filter[since]`, `filter[until]`; an empty field means any), an Older link (`cursor`, the list's `next_cursor`), " +
      "a link to the NDJSON export of the same time range, and, with `verify=1`, the chain's verification (it reads every kept event, so only when asked). " +
      'A bad filter or cursor re-renders the form with the reason, with status 400.',
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'filter[action]', required: false, type: String, description: 'exact, or `prefix.*`; empty: any' })
  @ApiQuery({ name: 'filter[actor_id]', required: false, type: String, description: 'empty: any' })
  @ApiQuery({ name: 'filter[target_id]', required: false, type: String, description: 'empty: any' })
  @ApiQuery({ name: 'filter[since]', required: false, type: String, description: 'ISO 8601, inclusive; empty: from the first' })
  @ApiQuery({ name: 'filter[until]', required: false, type: String, description: 'ISO 8601, inclusive; empty: to the newest' })
  @ApiQuery({ name: 'cursor', required: false, type: String, description: 'the Older link: `next_cursor` of the page before' })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: AUDIT_LIST_LIMIT.max, default: AUDIT_LIST_LIMIT.default },
  })
  @ApiQuery({ name: 'verify', required: false, enum: ['1'], description: "1: also verify the workspace's chain" })
  @ApiOkResponse({ description: 'the audit events, newest first, with the filter form and paging links' })
  @ApiBadRequestResponse({ description: 'the form again, with the reason (a bad since, until, cursor or limit)' })
  async page(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = withoutEmptyFilters(query);
    const filters = typedFilters(q);
    const paged = typeof q.cursor === 'string';
    const limit = typeof q.limit === 'string' ? q.limit.slice(0, 4) : undefined;
    try {
      const parsed = parseFilters(q);
      const [list, verify] = await Promise.all([
        this.audit.list(op.workspaceId, parsed, decodeCursor(q.cursor), parseLimit(q.limit)),
        q.verify === '1' ? this.audit.verify(op.workspaceId) : undefined,
      ]);
      sendPage(res, auditPage({ chrome: consoleChrome(op), filters, list, paged, limit, verify }));
    } catch (err) {
      if (!(err instanceof ProblemError) || err.status !== 400) throw err;
      const error = REASONS[err.code] ?? 'Those filters are not valid.';
      sendPage(res, auditPage({ chrome: consoleChrome(op), filters, paged, limit, error }), 400);
    }
  }
}
