import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { AppConfig } from '../core/config/app-config';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { ApiShownOnceAnswers, ApiShownOnceQuery, consoleChrome, redirectShowingOnce, ShownOnce, WorkspaceOperator } from '../sessions';
import { ScimTokenFormDto, SCIM_EVENT_LIST, SCIM_TOKEN_LIST } from './dto/scim-operator.dto';
import { ScimConsoleService } from './scim-console.service';
import { adminPage } from './scim-pages';
import { ScimTokensService } from './scim-tokens.service';
import type { TakenSecrets, WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const ADMIN_PAGE = '/app/admin';
const NO_SESSION = ApiFoundResponse({ description: 'no session: redirect to /users/log-in' });
/** A refusal of a page route is a problem body, not HTML. */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } },
});

/** /app/admin (owners and admins): SCIM tokens, created (shown once) and revoked, and the sync log. */
@ApiTags('pages')
@Controller('app/admin')
export class ScimAdminPageController {
  constructor(
    private readonly tokens: ScimTokensService,
    private readonly console: ScimConsoleService,
    private readonly config: AppConfig,
    private readonly shownOnce: ShownOnce,
  ) {}

  @OperatorAuth({ role: 'admin', page: true })
  @Get()
  @ApiOperation({
    summary: 'Show the SCIM administration page',
    description:
      "Console page for the workspace's owners and admins (session cookie): the live SCIM tokens (up to 100, newest first, with when " +
      'each was last used), the 20 latest entries of the SCIM sync log, the SCIM base URL and the forms to create and revoke tokens. ' +
      'Without a session it redirects (302) to the log-in page; a member is refused with 403 `insufficient_role`.',
  })
  @ApiShownOnceQuery('the new token')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'SCIM tokens and recent SCIM writes; once after a creation, the new token' })
  @NO_SESSION
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('shown') shown: unknown, @Res() res: Response): Promise<void> {
    await this.render(op, res, await this.shownOnce.take(op.sessionId, ADMIN_PAGE, shown));
  }

  /** The new token is shown once by /app/admin, which this redirects to; a reload there creates nothing. */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('scim_tokens')
  @ApiOperation({
    summary: 'Create a SCIM token from the administration page',
    description:
      "Form post for owners and admins: creates a SCIM token (`scim_...`) for the workspace's identity provider and answers 303 to " +
      '`/app/admin`, which shows the token once (`?shown=`; a reload shows the page without it; should Redis not hold it, this answer is that page with it, 201). Only its SHA-256 is stored and it ' +
      'never expires (rotate by creating a new one and revoking the old). A blank `name` gets the default; one longer than 120 ' +
      'characters or holding control characters, or any other field, is 422 `validation_failed`.',
  })
  @ApiFormPost({ name: { description: 'a label for the token, up to 120 characters (blank or omitted: "SCIM token")' } })
  @ApiShownOnceAnswers('the new token', '/app/admin')
  @ApiUnprocessableEntityResponse(problem('validation_failed'))
  @NO_SESSION
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: ScimTokenFormDto, @Res() res: Response): Promise<void> {
    const { name, token } = await this.tokens.create(op.workspaceId, op.userId, dto.name);
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: ADMIN_PAGE,
      secrets: { name, token },
      inline: () => this.render(op, res, { secrets: { name, token } }, 201),
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('scim_tokens/:id/revoke')
  @ApiOperation({
    summary: 'Revoke a SCIM token from the administration page',
    description:
      'Form post (no fields) for owners and admins: revokes the token at once, so the next SCIM request made with it is 401, and ' +
      "answers 303 back to `/app/admin`. An unknown, already revoked or other workspace's token, or an id that is not a UUID, is 404 `not_found`.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'revoked; back to /app/admin' })
  @ApiNotFoundResponse(problem('not_found'))
  @NO_SESSION
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.tokens.revoke(op.workspaceId, id);
    res.redirect(303, ADMIN_PAGE);
  }

  private async render(op: WorkspaceOperatorPrincipal, res: Response, shown: TakenSecrets = {}, status = 200): Promise<void> {
    const [tokens, events] = await Promise.all([
      this.tokens.list(op.workspaceId, parseList(SCIM_TOKEN_LIST, { limit: '100' })),
      this.console.listEvents(op.workspaceId, parseList(SCIM_EVENT_LIST, { limit: '20' })),
    ]);
    const workspaceName = op.workspaces.find((w) => w.id === op.workspaceId)?.name ?? '';
    sendPage(
      res,
      adminPage({
        chrome: consoleChrome(op),
        workspaceName,
        baseUrl: this.config.baseUrl,
        tokens: tokens.scim_tokens,
        events: events.scim_sync_events,
        shown,
      }),
      status,
    );
  }
}
