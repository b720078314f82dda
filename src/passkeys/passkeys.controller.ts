import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { CurrentOperator } from '../sessions';
import {
  RegisterWebAuthnCredentialDto,
  WebAuthnCredentialEnvelopeDto,
  WebAuthnCredentialListDto,
  WebAuthnRegistrationOptionsDto,
} from './dto/passkey.dto';
import { PasskeysService } from './passkeys.service';
import type { OperatorPrincipal } from '../sessions';

const unavailable = ApiServiceUnavailableResponse({
  type: ProblemDto,
  description: '`redis_unavailable` or `database_unavailable`: nothing was stored',
});

/**
 * The signed-in operator's passkeys (API.md Part 3 "Second factor (MFA)"). Every route is open to
 * a member who must still enroll a second factor (enrolling a passkey satisfies `require_mfa`);
 * adding and removing one needs recent authentication, as enrolling and disabling TOTP do (ADR 0251).
 */
@ApiTags('operator')
@Controller('api/v1/operator/me/webauthn')
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @OperatorAuth({ mfaEnrollment: true, recentAuth: true })
  @Post('registration_options')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start registering a passkey',
    description:
      'Any operator with a session authenticated in the last 10 minutes (else 403 `reauthentication_required`): answers the options to pass to `navigator.credentials.create()` ' +
      '(rp id: the host of BASE_URL; rp name "Agent Network"; the user handle an opaque id of the account; the account\'s passkeys excluded; resident key and user verification preferred; ES256, EdDSA or RS256; no attestation). ' +
      'Its challenge is kept server-side for 5 minutes, for this session only, and can be answered once; asking again replaces it. 503 `redis_unavailable` when Redis cannot be reached.',
  })
  @ApiOkResponse({ type: WebAuthnRegistrationOptionsDto })
  @unavailable
  registrationOptions(@CurrentOperator() op: OperatorPrincipal): Promise<WebAuthnRegistrationOptionsDto> {
    return this.passkeys.registrationOptions(op);
  }

  @OperatorAuth({ mfaEnrollment: true, recentAuth: true })
  @Post('credentials')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Register a passkey',
    description:
      "Any operator with a recently authenticated session: verifies `response`, the authenticator's answer to this session's registration options (origin BASE_URL's, rp id its host), " +
      'and stores the passkey as a second factor of the account: 201 `{ webauthn_credential: { id, name, inserted_at, last_used_at } }`. ' +
      'The challenge is used up by this request whatever its outcome. 422 `webauthn_challenge_invalid` when no challenge is pending for this session (never asked, answered already, or older than 5 minutes); ' +
      '422 `webauthn_verification_failed` when the response does not verify; 409 `webauthn_credential_exists` for an authenticator registered already; 409 `webauthn_credential_limit` beyond 20 passkeys; ' +
      '422 `validation_failed` for a missing or longer than 100 characters `name` or a `response` that is not an object.',
  })
  @ApiCreatedResponse({ type: WebAuthnCredentialEnvelopeDto })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  @ApiConflictResponse({ type: ProblemDto })
  @unavailable
  async register(
    @CurrentOperator() op: OperatorPrincipal,
    @Body() dto: RegisterWebAuthnCredentialDto,
  ): Promise<WebAuthnCredentialEnvelopeDto> {
    return { webauthn_credential: await this.passkeys.register(op, dto.name, dto.response) };
  }

  @OperatorAuth({ mfaEnrollment: true })
  @Get('credentials')
  @ApiOperation({
    summary: "List the operator's passkeys",
    description:
      'Any operator with a session: `{ webauthn_credentials: [{ id, name, inserted_at, last_used_at }], count }`, oldest first (20 at most).',
  })
  @ApiOkResponse({ type: WebAuthnCredentialListDto })
  async list(@CurrentOperator() op: OperatorPrincipal): Promise<WebAuthnCredentialListDto> {
    const items = await this.passkeys.list(op.userId);
    return { webauthn_credentials: items, count: items.length };
  }

  @OperatorAuth({ mfaEnrollment: true, recentAuth: true })
  @Delete('credentials/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a passkey',
    description:
      'Any operator with a recently authenticated session: removes one of their passkeys and answers 204; it no longer completes a log-in. ' +
      "404 `not_found` for another account's passkey, an unknown id or one that is not a UUID.",
  })
  @ApiNoContentResponse({ description: 'removed' })
  @ApiNotFoundResponse({ type: ProblemDto, description: "not found, or another account's" })
  async remove(@CurrentOperator() op: OperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.passkeys.remove(op, id);
  }
}
