import { Controller, Delete, Get, HttpCode, Param, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { AppConfig } from '../core/config/app-config';
import { ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { type EndedSessions, AccountSessionsService } from './account-sessions.service';
import { clearSessionCookies } from './cookies';
import { AccountSessionListDto } from './dto/account-session.dto';
import { CurrentOperator, WorkspaceOperator } from './operator-auth.strategy';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from './operator-principal';
import type { Response } from 'express';

/**
 * API.md Part 3 "Sessions": the signed-in account's sessions (any operator, whatever their role)
 * and, for owners and admins, a member's. Not open to a member who must still enroll a second
 * factor (only enrolling and `GET /me` are).
 */
@OperatorResource()
@Controller('api/v1/operator')
export class AccountSessionsController {
  constructor(
    private readonly sessions: AccountSessionsService,
    private readonly config: AppConfig,
  ) {}

  @OperatorAuth()
  @Get('me/sessions')
  @ApiOperation({
    summary: "List the signed-in account's sessions",
    description:
      'Any operator with a session cookie: answers `{ sessions, count }`, every live session of the account, newest log-in first, each with ' +
      '`id`, `current` (the session of this request), `created_at` (the log-in; a reissue keeps it), `last_seen_at` (the last request ' +
      'seen with it, within a minute), `ip` and `user_agent` (as it was started), `auth_method` (`password`, `sso`, `invitation` or ' +
      '`reset`), `mfa` (a second factor was checked) and `remember_me`.',
  })
  @ApiOkResponse({ type: AccountSessionListDto })
  async list(@CurrentOperator() op: OperatorPrincipal): Promise<AccountSessionListDto> {
    const sessions = await this.sessions.list(op);
    return { sessions, count: sessions.length };
  }

  @OperatorAuth()
  @Delete('me/sessions/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'End one of your sessions',
    description:
      "Any operator with a session cookie: ends one of the account's own sessions (its row is deleted and its live sockets close with " +
      '4401 `session_ended` on every node) and answers 204. Ending the current session is allowed and logs this browser out (both ' +
      "session cookies are cleared). Another account's session, an ended or unknown one, or an id that is not a UUID is 404 `not_found`.",
  })
  @ApiNoContentResponse({ description: 'ended' })
  @ApiNotFoundResponse({ type: ProblemDto, description: "not one of the account's live sessions" })
  async endOne(
    @CurrentOperator() op: OperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    this.loggedOut(res, await this.sessions.endOwn(op, id));
  }

  @OperatorAuth()
  @Delete('me/sessions')
  @HttpCode(204)
  @ApiOperation({
    summary: 'End all your other sessions',
    description:
      "Any operator with a session cookie: ends every session of the account but this request's own (their live sockets close with 4401 " +
      '`session_ended` on every node) and answers 204, also when there was none to end.',
  })
  @ApiNoContentResponse({ description: 'the other sessions ended' })
  async endOthers(@CurrentOperator() op: OperatorPrincipal): Promise<void> {
    await this.sessions.endOthers(op);
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Delete('members/:user_id/sessions')
  @HttpCode(204)
  @ApiOperation({
    summary: "End a member's sessions",
    description:
      'Owners and admins of the workspace (session cookie): ends every session of a member of the workspace, everywhere (sessions belong ' +
      'to the account, not to one workspace; each workspace the account is a member of records the `session.end` events). Their live ' +
      "sockets close with 4401 `session_ended` on every node; answers 204. An admin may not end an owner's sessions (403 " +
      '`insufficient_role`); a user who is not a member of this workspace, or an id that is not a UUID, is 404 `not_found`. Naming ' +
      "yourself ends your own sessions, this browser's included.",
  })
  @ApiNoContentResponse({ description: "the member's sessions ended" })
  @ApiNotInWorkspace()
  async endMember(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('user_id', uuidParam) userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    this.loggedOut(res, await this.sessions.endMember(op, userId));
  }

  /** The request's own session ended: the browser is logged out. */
  private loggedOut(res: Response, ended: EndedSessions): void {
    if (ended.current) clearSessionCookies(res, this.config);
  }
}
