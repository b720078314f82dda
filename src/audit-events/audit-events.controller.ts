import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { AuditEventListDto, AuditVerifyDto } from '../audit';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { OperatorResource } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { AuditEventsService } from './audit-events.service';
import { AUDIT_LIST_LIMIT, decodeCursor, parseFilters, parseInstant, parseLimit } from './audit-query';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** The workspace's audit log, for owners and admins (API.md Part 3 "Audit log"). */
@OperatorResource()
@Controller('api/v1/operator/audit_events')
export class AuditEventsController {
  constructor(private readonly audit: AuditEventsService) {}

  @OperatorAuth({ role: 'admin' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's audit events",
    description:
      'Owners and admins (session cookie): answers `{ audit_events, count, next_cursor }`, newest first. ' +
      `\`limit\` (default ${AUDIT_LIST_LIMIT.default}, max ${AUDIT_LIST_LIMIT.max}); \`cursor\` is the \`next_cursor\` of the page before (opaque; a bad one is 400 \`invalid_cursor\`). ` +
      'Pages follow the commit order of the changes: an event shows once its transaction, and every transaction older than it, has ended, so pages never skip or repeat while events are written. ' +
      'Filters: `filter[action]` (exact, or `prefix.*`), `filter[actor_id]`, `filter[target_id]`, `filter[since]`, `filter[until]` (ISO 8601, inclusive; 400 `invalid_since` / `invalid_until`).',
  })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'cursor', required: false, type: String })
  @ApiQuery({ name: 'filter[action]', required: false, type: String })
  @ApiQuery({ name: 'filter[actor_id]', required: false, type: String })
  @ApiQuery({ name: 'filter[target_id]', required: false, type: String })
  @ApiQuery({ name: 'filter[since]', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'filter[until]', required: false, type: String, format: 'date-time' })
  @ApiOkResponse({ type: AuditEventListDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_limit, invalid_cursor, invalid_since or invalid_until' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<AuditEventListDto> {
    const filters = parseFilters(query);
    return this.audit.list(op.workspaceId, filters, decodeCursor(query.cursor), parseLimit(query.limit));
  }

  @OperatorAuth({ role: 'admin' })
  @Get('export')
  @ApiOperation({
    summary: 'Export audit events as NDJSON',
    description:
      'Owners and admins (session cookie): every event of the range (`since`, `until`: ISO 8601, inclusive, both optional), oldest first, one JSON object a line (`application/x-ndjson`), streamed: memory stays constant whatever the range. ' +
      'docs/audit.md shows how to recompute the hash chain from an export.',
  })
  @ApiQuery({ name: 'since', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'until', required: false, type: String, format: 'date-time' })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({ description: 'one audit event (as in the list) a line, oldest first' })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_since or invalid_until' })
  async export(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const range = { since: parseInstant(query.since, 'invalid_since'), until: parseInstant(query.until, 'invalid_until') };
    const batches = this.audit.export(op.workspaceId, range);
    // the first batch is read before the headers go, so a database refusal is still a problem answer
    let next = await batches.next();
    res.status(200).setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    try {
      while (!next.done) {
        const chunk = next.value.map((e) => JSON.stringify(e)).join('\n') + '\n';
        if (!res.write(chunk)) await drainedOrClosed(res);
        if (res.destroyed) return void (await batches.return(undefined));
        next = await batches.next();
      }
      res.end();
    } catch {
      // the headers are gone: a truncated body (no final newline-terminated end) is all a client can be told
      res.destroy();
    }
  }

  @OperatorAuth({ role: 'admin' })
  @Get('verify')
  @ApiOperation({
    summary: "Verify the workspace's audit chain",
    description:
      "Owners and admins (session cookie): recomputes every sealed event's hash and link from the first kept event. Answers `{ verified: true, events, head }` (the count of sealed events checked and the newest one's hash) or `{ verified: false, first_mismatch_id }` for an edited, deleted or reordered event. Events are sealed within 10 seconds of their commit.",
  })
  @ApiOkResponse({ type: AuditVerifyDto })
  verify(@WorkspaceOperator() op: WorkspaceOperatorPrincipal): Promise<AuditVerifyDto> {
    return this.audit.verify(op.workspaceId);
  }
}

/** Until the response can take more, or is gone; whichever comes first takes the other listener away. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
