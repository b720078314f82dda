import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
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
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemError } from '../core/common/problem/problem.error';
import { AppValidationPipe } from '../core/common/validation/validation';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { CurrentOperator, SECURITY_PAGE_PATH } from '../sessions';
import { RegisterWebAuthnCredentialDto } from './dto/passkey.dto';
import { passkeysPage } from './passkey-pages';
import { PASSKEY_NAME_MAX, PASSKEYS_PAGE_PATH, PASSKEYS_PER_ACCOUNT } from './passkeys.constants';
import { PasskeysService } from './passkeys.service';
import type { OperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const pipe = new AppValidationPipe();

/** What the page says for each refusal of the add form. */
const ADD_ERRORS: Partial<Record<string, string>> = {
  validation_failed: `Give the passkey a name of at most ${PASSKEY_NAME_MAX} characters.`,
  webauthn_challenge_invalid: 'That request expired or was answered already: add the passkey again.',
  webauthn_verification_failed: 'The passkey could not be verified: add it again.',
  webauthn_credential_exists: 'That passkey is added already.',
  webauthn_credential_limit: `An account has at most ${PASSKEYS_PER_ACCOUNT} passkeys: remove one first.`,
};

/** The authenticator's answer as the form carries it: JSON text of an object, else an empty object (which does not verify). */
export function answerOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 * 1024) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The account's passkeys page (ADR 0252): list, add (the script fills the form's `response`), and
 * remove. Open to a member who must still enroll a second factor; adding and removing need recent
 * authentication, as the JSON routes do (ADR 0251).
 */
@ApiTags('pages')
@Controller(PASSKEYS_PAGE_PATH)
export class PasskeysPageController {
  constructor(private readonly passkeys: PasskeysService) {}

  @OperatorAuth({ page: true, mfaEnrollment: true })
  @Get()
  @ApiOperation({
    summary: 'Passkeys page',
    description:
      "Console page for any operator (session; none: redirect to the log-in page): the account's passkeys with a Remove button each, and the form that adds one. " +
      "It loads /assets/webauthn.js and /assets/passkeys.js, this origin's scripts only (its CSP adds `script-src 'self'; connect-src 'self'`).",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the passkeys and the form that adds one' })
  async index(@CurrentOperator() op: OperatorPrincipal, @Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    const list = await this.passkeys.list(op.userId);
    sendPage(res, passkeysPage(op, list, { notice: typeof notice === 'string' ? notice : undefined }), 200, { scripts: true });
  }

  @OperatorAuth({ page: true, mfaEnrollment: true, recentAuth: true })
  @Post()
  @ApiOperation({
    summary: 'Add a passkey from the passkeys page',
    description:
      "The page's add form, sent by its script once the authenticator answered: `name` and `response` (the answer's JSON), verified as `POST /api/v1/operator/me/webauthn/credentials` verifies them. " +
      'Added: 303 to the account security page (`/app/account/security`), which shows the passkeys too. Refused (no pending challenge, an answer that does not verify, a bad name, a passkey added already, too many): the page again with what went wrong (422 or 409). ' +
      'A session not authenticated in the last 10 minutes is sent to the re-check page.',
  })
  @ApiFormPost({
    name: { description: 'a name to tell the passkey by (at most 100 characters)', required: true },
    response: { description: "the authenticator's answer to the registration options, as JSON", required: true },
  })
  @ApiSeeOtherResponse({ description: 'added; back to the account security page' })
  @ApiUnprocessableEntityResponse({ description: 'the page again, with what went wrong' })
  async add(
    @CurrentOperator() op: OperatorPrincipal,
    @Body() body: Record<string, unknown> | undefined,
    @Res() res: Response,
  ): Promise<void> {
    try {
      const form = { name: body?.name, response: answerOf(body?.response) };
      const dto = (await pipe.transform(form, { type: 'body', metatype: RegisterWebAuthnCredentialDto })) as RegisterWebAuthnCredentialDto;
      await this.passkeys.register(op, dto.name, dto.response);
    } catch (err) {
      const message = err instanceof ProblemError && err.status < 500 ? ADD_ERRORS[err.code] : undefined;
      if (!message || !(err instanceof ProblemError)) throw err;
      sendPage(res, passkeysPage(op, await this.passkeys.list(op.userId), { error: message }), err.status, { scripts: true });
      return;
    }
    res.redirect(303, `${SECURITY_PAGE_PATH}?notice=passkey-added`);
  }

  @OperatorAuth({ page: true, mfaEnrollment: true, recentAuth: true })
  @Post(':id/delete')
  @HttpCode(303)
  @ApiOperation({
    summary: 'Remove a passkey from the passkeys page',
    description:
      "A Remove button of the passkeys page: removes the passkey, then 303 to the account security page. Another account's or an unknown passkey: 404.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'removed; back to the account security page' })
  @ApiNotFoundResponse({ description: "not found, or another account's" })
  async remove(@CurrentOperator() op: OperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    await this.passkeys.remove(op, id);
    res.redirect(303, `${SECURITY_PAGE_PATH}?notice=passkey-removed`);
  }
}
