import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
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
import { formRefusal } from '../core/common/problem/form-refusal';
import { fixedNotice, formInt, formList, formText, validForm } from '../core/common/validation/page-form';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import {
  ApiShownOnceAnswers,
  ApiShownOnceQuery,
  consoleChrome,
  redirectShowingOnce,
  ShownOnce,
  shownOnceMissing,
  WorkspaceOperator,
} from '../sessions';
import { CohortsService } from './cohorts.service';
import { COHORT_LIST, COHORT_MEMBER_LIST, CreateCohortDto } from './dto/cohort.dto';
import { ENROLLMENT_TOKEN_LIST, IssueEnrollmentTokenDto } from './dto/enrollment-token.dto';
import { PreRegisterRobotDto, ROBOT_LIST } from './dto/robot.dto';
import { EnrollmentTokensService } from './enrollment-tokens.service';
import {
  COHORTS_PAGE,
  cohortPage,
  cohortsPage,
  type CohortsPageView,
  ENROLLMENT_TOKENS_PAGE,
  enrollmentTokensPage,
  type EnrollmentTokensPageView,
  ROBOTS_PAGE,
  robotsPage,
  type RobotsPageView,
} from './fleet-pages';
import { RobotsService } from './robots.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** What a redirect's `?notice=` may say (a fixed set: the address never carries text to show). */
const NOTICES: Readonly<Record<string, string>> = {
  registered: 'Robot pre-registered: it is bound when its serial claims a fleet token.',
  retired: 'Robot retired: its serial can no longer claim, and its agent is deactivated.',
  reset: 'Robot reset: it is pending again, and the next claim of its serial provisions it.',
  revoked: 'Enrollment token revoked.',
};
const notice = (query: Record<string, unknown>) => fixedNotice(NOTICES, query.notice);

/** The page's words for the refusals its forms can meet (a field error names the field itself). */
const REASONS: Readonly<Record<string, string>> = {
  robot_quota_reached: "The plan's robot quota is reached.",
  robot_retired: 'A retired robot cannot be reset: retirement is final.',
};

/**
 * The fleet in the console (issue 57): robots, enrollment tokens and cohorts. Lists read their
 * query with the REST lists' own definitions; owners and admins act on them through the same
 * services as `/api/v1/operator/...`, each action answered by a redirect back (Post/Redirect/Get).
 */
@ApiTags('pages')
@Controller('app')
export class FleetPageController {
  constructor(
    private readonly robots: RobotsService,
    private readonly tokens: EnrollmentTokensService,
    private readonly cohorts: CohortsService,
    private readonly shownOnce: ShownOnce,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get('robots')
  @ApiOperation({
    summary: 'Robots page',
    description:
      'Console page for any member of the workspace (operator session; none: redirect to the log-in page). Lists the robots newest first by name, serial, status and cohort, ' +
      'with the query of `GET /api/v1/operator/robots` (`q` searches serial and name, `filter[status]`, `limit`, `offset`; its 400s alike). ' +
      'Owners and admins also get the pre-register form and the reset and retire buttons, each confirmed before it posts.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of robots' })
  async robotsIndex(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.renderRobots(res, op, query, { notice: notice(query) });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('robots')
  @ApiOperation({
    summary: 'Pre-register a robot from the robots page',
    description:
      'The pre-register form (owners and admins), validated as `POST /api/v1/operator/robots` is; then back to the robots page. ' +
      'A refusal (a serial taken, the quota reached) renders the page again with its reason and the typed values.',
  })
  @ApiFormPost({
    serial_number: { description: 'unique in the workspace', required: true },
    name: { description: 'optional label' },
  })
  @ApiSeeOtherResponse({ description: 'pre-registered; back to the robots page' })
  async preRegister(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { serial_number: formText(body?.serial_number), name: formText(body?.name)?.trim() || undefined };
    try {
      await this.robots.preRegister(op.workspaceId, await validForm(PreRegisterRobotDto, form));
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.renderRobots(res, op, {}, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${ROBOTS_PAGE}?notice=registered`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('robots/:id/retire')
  @ApiOperation({
    summary: 'Retire a robot from the robots page',
    description:
      'The confirmed retire button (owners and admins), as `POST /api/v1/operator/robots/:id/retire`; then back to the robots page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'retired; back to the robots page' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async retire(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.robots.retire(op.workspaceId, id);
    res.redirect(303, `${ROBOTS_PAGE}?notice=retired`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('robots/:id/reset')
  @ApiOperation({
    summary: 'Reset a robot from the robots page',
    description:
      'The confirmed reset button (owners and admins), as `POST /api/v1/operator/robots/:id/reset`; then back to the robots page. ' +
      'A retired robot renders the page again with 409 and its reason.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'reset; back to the robots page' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  @ApiConflictResponse({ description: 'robot_retired: retirement is final' })
  async reset(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    try {
      await this.robots.reset(op.workspaceId, id);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal || refusal.status === 404) throw err;
      return this.renderRobots(res, op, {}, { error: refusal.error }, refusal.status);
    }
    res.redirect(303, `${ROBOTS_PAGE}?notice=reset`);
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get('enrollment-tokens')
  @ApiOperation({
    summary: 'Enrollment tokens page',
    description:
      'Console page for any member of the workspace. Lists the `age_` tokens by prefix, state, claims and cohort with the query of `GET /api/v1/operator/enrollment_tokens` ' +
      '(`q` searches the prefix); never a secret, except once: `?shown=` after issuing one, for the session that issued it. Owners and admins get the issue form and revoke buttons.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of enrollment tokens' })
  @ApiShownOnceQuery('the enrollment token just issued')
  async tokensIndex(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const taken = await this.shownOnce.take(op.sessionId, ENROLLMENT_TOKENS_PAGE, query.shown);
    const missing = shownOnceMissing(taken, 'enrollment token', 'Issue another one below, and revoke this one if it was not copied.');
    await this.renderTokens(res, op, query, { notice: notice(query), issued: taken.secrets?.token, missing });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('enrollment-tokens')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Issue an enrollment token from its page',
    description:
      'The issue form (owners and admins), validated as `POST /api/v1/operator/enrollment_tokens` is (`default_tags` and `serial_allowlist` comma-separated). ' +
      'Answers a 303 to the tokens page, which shows the new token once (`?shown=`, this session only; a reload shows its prefix only); ' +
      'should Redis not hold it, this answer shows it itself (201). A refusal renders the page again with its reason and the typed values.',
  })
  @ApiFormPost({
    max_claims: { description: '1: single-use; more: a fleet token' },
    expires_in: { description: 'seconds it stays valid' },
    cohort_id: { description: 'a cohort its robots join; blank: none' },
    default_tags: { description: 'comma-separated tags for its robots' },
    serial_allowlist: { description: 'comma-separated serials that may claim; blank: any' },
  })
  @ApiShownOnceAnswers('the new token', ENROLLMENT_TOKENS_PAGE)
  async issue(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = {
      max_claims: formText(body?.max_claims),
      expires_in: formText(body?.expires_in),
      cohort_id: formText(body?.cohort_id),
      default_tags: formText(body?.default_tags),
      serial_allowlist: formText(body?.serial_allowlist),
    };
    let token: string;
    try {
      const dto = await validForm(IssueEnrollmentTokenDto, {
        max_claims: formInt(form.max_claims),
        expires_in: formInt(form.expires_in),
        cohort_id: form.cohort_id || undefined,
        default_tags: formList(form.default_tags),
        serial_allowlist: formList(form.serial_allowlist),
      });
      ({ token } = await this.tokens.issue(op.workspaceId, op.userId, dto));
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.renderTokens(res, op, {}, { error: refusal.error, form }, refusal.status);
    }
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: ENROLLMENT_TOKENS_PAGE,
      secrets: { token },
      inline: () => this.renderTokens(res, op, {}, { issued: token }, 201),
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('enrollment-tokens/:id/revoke')
  @ApiOperation({
    summary: 'Revoke an enrollment token from its page',
    description:
      'The confirmed revoke button (owners and admins), as `POST /api/v1/operator/enrollment_tokens/:id/revoke`; then back to the tokens page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'revoked; back to the tokens page' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.tokens.revoke(op.workspaceId, id);
    res.redirect(303, `${ENROLLMENT_TOKENS_PAGE}?notice=revoked`);
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get('cohorts')
  @ApiOperation({
    summary: 'Cohorts page',
    description:
      'Console page for any member of the workspace. Lists the cohorts with their robot counts, with the query of `GET /api/v1/operator/cohorts` (`q` searches the name); ' +
      'owners and admins get the form that creates one.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of cohorts' })
  async cohortsIndex(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.renderCohorts(res, op, query, {});
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('cohorts')
  @ApiOperation({
    summary: 'Create a cohort from the cohorts page',
    description:
      "The new-cohort form (owners and admins), validated as `POST /api/v1/operator/cohorts` is; then to the cohort's page. A refusal (a name taken) renders the page again with its reason.",
  })
  @ApiFormPost({ name: { description: 'unique in the workspace, ignoring case', required: true } })
  @ApiSeeOtherResponse({ description: "created; to the cohort's page" })
  async createCohort(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { name: formText(body?.name) };
    let id: string;
    try {
      ({ id } = await this.cohorts.create(op.workspaceId, (await validForm(CreateCohortDto, form)).name));
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.renderCohorts(res, op, {}, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${COHORTS_PAGE}/${id}`);
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get('cohorts/:id')
  @ApiOperation({
    summary: 'Cohort page',
    description:
      'Console page for any member of the workspace: a cohort and its robots, with the query of `GET /api/v1/operator/cohorts/:id` (`q` searches serial and name, `limit`, `offset`). ' +
      '404 for a cohort of another workspace.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the cohort and a page of its robots' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async cohort(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(COHORT_MEMBER_LIST, withoutEmptyFilters(query));
    const shown = await this.cohorts.show(op.workspaceId, id, q);
    sendPage(
      res,
      cohortPage({
        chrome: consoleChrome(op),
        role: op.role,
        cohort: shown.cohort,
        q,
        members: shown.members,
        total: shown.pagination.total,
      }),
    );
  }

  private async renderRobots(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    query: Record<string, unknown>,
    extra: Partial<RobotsPageView>,
    status = 200,
  ): Promise<void> {
    const q = parseList(ROBOT_LIST, withoutEmptyFilters(query));
    const list = await this.robots.list(op.workspaceId, q);
    const cohortNames = await this.cohorts.namesOf(
      op.workspaceId,
      list.robots.map((r) => r.cohort_id),
    );
    const view = { chrome: consoleChrome(op), role: op.role, q, robots: list.robots, total: list.pagination.total, cohortNames };
    sendPage(res, robotsPage({ ...view, ...extra }), status);
  }

  private async renderTokens(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    query: Record<string, unknown>,
    extra: Partial<EnrollmentTokensPageView>,
    status = 200,
  ): Promise<void> {
    const q = parseList(ENROLLMENT_TOKEN_LIST, withoutEmptyFilters(query));
    const list = await this.tokens.list(op.workspaceId, q);
    const [cohorts, cohortNames] = await Promise.all([
      this.cohorts.list(op.workspaceId, parseList(COHORT_LIST, {})),
      this.cohorts.namesOf(
        op.workspaceId,
        list.enrollment_tokens.map((t) => t.cohort_id),
      ),
    ]);
    const view = {
      chrome: consoleChrome(op),
      role: op.role,
      q,
      tokens: list.enrollment_tokens,
      total: list.pagination.total,
      cohorts: cohorts.cohorts,
      cohortNames,
    };
    sendPage(res, enrollmentTokensPage({ ...view, ...extra }), status);
  }

  private async renderCohorts(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    query: Record<string, unknown>,
    extra: Partial<CohortsPageView>,
    status = 200,
  ): Promise<void> {
    const q = parseList(COHORT_LIST, withoutEmptyFilters(query));
    const list = await this.cohorts.list(op.workspaceId, q);
    sendPage(
      res,
      cohortsPage({ chrome: consoleChrome(op), role: op.role, q, cohorts: list.cohorts, total: list.pagination.total, ...extra }),
      status,
    );
  }
}
