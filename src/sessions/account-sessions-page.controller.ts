import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { accountSessionsPage } from './account-session-pages';
import { AccountSessionsService } from './account-sessions.service';
import { clearSessionCookies } from './cookies';
import { CurrentOperator } from './operator-auth.strategy';
import { LOGIN_PATH, SESSIONS_PAGE_PATH } from './session.constants';
import type { OperatorPrincipal } from './operator-principal';
import type { Response } from 'express';

/** The account's sessions page (API.md Part 3 "Sessions"): what `/api/v1/operator/me/sessions` lists and ends, as forms. */
@ApiTags('pages')
@Controller(SESSIONS_PAGE_PATH)
export class AccountSessionsPageController {
  constructor(
    private readonly sessions: AccountSessionsService,
    private readonly config: AppConfig,
  ) {}

  @OperatorAuth({ page: true })
  @Get()
  @ApiOperation({
    summary: 'Sessions page',
    description:
      'Console page for any operator (session; none: redirect to the log-in page). Lists the live sessions of the account, newest first, with the ' +
      'current one marked, each with its user agent, IP address, last seen and sign-in times, method, second factor and remember-me, an End ' +
      'button for every other session, and "End all other sessions".',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: "the account's sessions" })
  async index(@CurrentOperator() op: OperatorPrincipal, @Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    sendPage(res, accountSessionsPage(op, await this.sessions.list(op), typeof notice === 'string' ? notice : undefined));
  }

  @OperatorAuth({ page: true })
  @Post(':id/end')
  @ApiOperation({
    summary: 'End a session from the sessions page',
    description:
      "A session's End button: ends it (its sockets close with 4401 on every node) and redirects back to the page. Ending the current session " +
      "logs this browser out (cookies cleared, redirect to the log-in page). Another account's or an ended session is 404.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'ended; back to the page (or to log in, for the current session)' })
  @ApiNotFoundResponse({ description: "not one of the account's live sessions" })
  async endOne(@CurrentOperator() op: OperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    const ended = await this.sessions.endOwn(op, id);
    if (ended.current) {
      clearSessionCookies(res, this.config);
      return res.redirect(303, `${LOGIN_PATH}?notice=logged-out`);
    }
    res.redirect(303, `${SESSIONS_PAGE_PATH}?notice=ended`);
  }

  @OperatorAuth({ page: true })
  @Post('end-others')
  @ApiOperation({
    summary: 'End all other sessions from the sessions page',
    description: 'The "End all other sessions" button: ends every session of the account but this one and redirects back to the page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'the other sessions ended; back to the page' })
  async endOthers(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    await this.sessions.endOthers(op);
    res.redirect(303, `${SESSIONS_PAGE_PATH}?notice=others-ended`);
  }
}
