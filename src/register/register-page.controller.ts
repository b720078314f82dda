import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { canManage, MachineBootstrap, OperatorAuth, Public } from '../auth';
import { clientIp } from '../core/common/http/client-ip';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { AppValidationPipe } from '../core/common/validation/validation';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { RedisLimits } from '../core/redis/redis-keys';
import { formatDurationMs } from '../core/text/duration';
import {
  accountActor,
  consoleChrome,
  CurrentOperator,
  readCookies,
  SESSION_COOKIE,
  SessionsService,
  setSessionCookie,
  ShownOnce,
  redirectShowingOnce,
  type OperatorPrincipal,
} from '../sessions';
import { RegisterDto } from './dto/register.dto';
import { GETTING_STARTED_PATH, gettingStartedPage, REGISTER_PAGE, signUpPage, type SignUpForm } from './register-pages';
import { RegisterService } from './register.service';
import type { Request, Response } from 'express';

const pipe = new AppValidationPipe();
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Sign-up in the browser (issue 57): the form of `POST /api/v1/register`, with its rules, that
 * leaves the browser signed in to the new workspace and shows the workspace primary key once
 * (held server-side for the one view after the redirect: ShownOnce).
 */
@ApiTags('pages')
@Controller()
export class RegisterPageController {
  constructor(
    private readonly register: RegisterService,
    private readonly sessions: SessionsService,
    private readonly shownOnce: ShownOnce,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get(REGISTER_PAGE.slice(1))
  @ApiOperation({
    summary: 'Sign-up page',
    description:
      'Public. The sign-up form: email, optional display name, password, workspace name and the name of the first service agent.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the sign-up form' })
  form(@Res() res: Response): void {
    sendPage(res, signUpPage());
  }

  @MachineBootstrap()
  @Post(REGISTER_PAGE.slice(1))
  @ApiOperation({
    summary: 'Sign up from the browser',
    description:
      'The sign-up form, validated as `POST /api/v1/register` is (counted per client IP by the machine rate limit, as that route is). In one transaction it creates ' +
      'the account (owner), a free workspace, its first service agent and the workspace primary key, and starts a session (whatever session the browser had ends). ' +
      `Then a redirect to ${GETTING_STARTED_PATH}, which shows the key once. A bad field or an address already taken: the form again, 422, with each field's message.`,
  })
  @ApiFormPost({
    email: { description: 'the account address', required: true },
    name: { description: 'display name (optional; from the address when left out)' },
    password: { description: 'the password', required: true },
    workspace_name: { description: 'name of the new workspace', required: true },
    agent_name: { description: 'name of its first service agent', required: true },
  })
  @ApiSeeOtherResponse({ description: 'signed up and signed in: to the getting-started page, which shows the key once' })
  @ApiUnprocessableEntityResponse({ description: 'the form again with the refusal of each field' })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: Record<string, unknown>): Promise<void> {
    const name = text(body?.name);
    const form: SignUpForm & { password?: string } = {
      email: text(body?.email),
      name: name?.trim() ? name : undefined,
      password: text(body?.password),
      workspace_name: text(body?.workspace_name),
      agent_name: text(body?.agent_name),
    };
    const { password: _password, ...shown } = form;
    let result: Awaited<ReturnType<RegisterService['registerAndSignIn']>>;
    try {
      const dto = (await pipe.transform({ ...form }, { type: 'body', metatype: RegisterDto })) as RegisterDto;
      result = await this.register.registerAndSignIn(dto, {
        ip: clientIp(req, this.config.trustedProxyIps),
        userAgent: req.headers['user-agent'],
      });
    } catch (err) {
      if (err instanceof ValidationProblem) return sendPage(res, signUpPage({ form: shown, errors: err.fieldErrors }), 422);
      throw err;
    }
    const { registered, session } = result;
    // A sign-up always gets a new session; whatever session the browser had is ended.
    await this.sessions.end(readCookies(req)[SESSION_COOKIE], accountActor(registered.user));
    setSessionCookie(res, this.config, session.token);
    await redirectShowingOnce(res, this.shownOnce, session.sessionId, {
      page: GETTING_STARTED_PATH,
      secrets: { key: registered.api_key.key },
      inline: () => sendPage(res, gettingStartedPage({ baseUrl: this.config.baseUrl, key: registered.api_key.key, manage: true }), 201),
    });
  }

  @OperatorAuth({ page: true })
  @Get(GETTING_STARTED_PATH.slice(1))
  @ApiOperation({
    summary: 'Getting-started page',
    description:
      "Console page for any signed-in operator: the first calls (exchange the key, call a machine route, enroll a robot) with this service's address. " +
      `Reached from sign-up with \`shown\`, it also shows the new workspace primary key, once: the id is good for one view by the session that signed up, for ${formatDurationMs(RedisLimits.shownOnceMs)}.`,
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the first steps, and after sign-up the key, once' })
  async gettingStarted(@CurrentOperator() op: OperatorPrincipal, @Query('shown') shown: unknown, @Res() res: Response): Promise<void> {
    const taken = await this.shownOnce.take(op.sessionId, GETTING_STARTED_PATH, shown);
    const manage = op.role !== null && canManage(op.role);
    sendPage(
      res,
      gettingStartedPage({ chrome: consoleChrome(op), baseUrl: this.config.baseUrl, key: taken.secrets?.key, missing: taken, manage }),
    );
  }
}
