import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { CurrentOperator } from '../sessions';
import { ConfirmTotpDto, RecoveryCodesDto, TotpEnrollmentDto } from './dto/mfa.dto';
import { MfaService } from './mfa.service';
import type { OperatorPrincipal } from '../sessions';

const RECENT =
  'Needs recent authentication (a password or second-factor check within the last 10 minutes, else 403 `reauthentication_required`: `POST /users/reauthenticate`). ';
const ENROLLMENT = 'Open to a member of a `require_mfa` workspace who has no second factor yet. ';

/** The signed-in operator's own second factors: TOTP and recovery codes (API.md Part 3). */
@ApiTags('operator')
@Controller('api/v1/operator/me/mfa')
export class MfaController {
  constructor(private readonly mfa: MfaService) {}

  @OperatorAuth({ recentAuth: true, mfaEnrollment: true })
  @Post('totp')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Start enrolling an authenticator app (TOTP)',
    description:
      RECENT +
      ENROLLMENT +
      'Answers 201 `{ secret, otpauth_url }` (RFC 6238: SHA-1, 6 digits, 30-second steps): the seed is shown here only and kept sealed with ' +
      '`SECRETS_ENCRYPTION_KEY`. The enrollment is pending, and is no factor, until `POST .../mfa/totp/confirm`; starting again while pending ' +
      'replaces the pending seed. 409 `totp_already_enabled` while an authenticator app is confirmed (remove it first).',
  })
  @ApiCreatedResponse({ type: TotpEnrollmentDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'an authenticator app is already confirmed (totp_already_enabled)' })
  start(@CurrentOperator() op: OperatorPrincipal): Promise<TotpEnrollmentDto> {
    return this.mfa.startTotp(op);
  }

  @OperatorAuth({ mfaEnrollment: true })
  @Post('totp/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm the authenticator app with a current code',
    description:
      ENROLLMENT +
      'Takes `{ code }`, the 6-digit code the app shows now (one step of drift either way is accepted). The pending seed becomes the ' +
      "account's second factor, this session counts as checked with it, and ten recovery codes are issued: 200 `{ recovery_codes }`, shown " +
      'here only (each works once, in place of a code). A wrong code is 422 `validation_failed` with `errors.code` (still pending); ' +
      '409 `totp_not_pending` without a pending enrollment, `totp_already_enabled` when already confirmed.',
  })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'nothing pending (totp_not_pending) or already confirmed (totp_already_enabled)' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'the code is not the current one' })
  async confirm(@CurrentOperator() op: OperatorPrincipal, @Body() dto: ConfirmTotpDto): Promise<RecoveryCodesDto> {
    return { recovery_codes: await this.mfa.confirmTotp(op, dto.code) };
  }

  @OperatorAuth({ recentAuth: true, mfaEnrollment: true })
  @Delete('totp')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove the authenticator app',
    description:
      RECENT +
      'Removes the TOTP factor (or a pending enrollment) and every recovery code: 204. Log-in then needs only the password unless the ' +
      'account has a passkey; a member of a `require_mfa` workspace must enroll a factor again before using anything else. ' +
      '409 `totp_not_enabled` when there is none.',
  })
  @ApiNoContentResponse({ description: 'removed' })
  @ApiConflictResponse({ type: ProblemDto, description: 'no authenticator app (totp_not_enabled)' })
  async disable(@CurrentOperator() op: OperatorPrincipal): Promise<void> {
    await this.mfa.disableTotp(op);
  }

  @OperatorAuth({ recentAuth: true, mfaEnrollment: true })
  @Post('recovery_codes')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace the recovery codes',
    description:
      RECENT +
      'Issues ten new recovery codes, shown here only; the earlier ones, used or not, stop working. 200 `{ recovery_codes }`. ' +
      '409 `totp_not_enabled` without a confirmed authenticator app.',
  })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'no confirmed authenticator app (totp_not_enabled)' })
  async regenerate(@CurrentOperator() op: OperatorPrincipal): Promise<RecoveryCodesDto> {
    return { recovery_codes: await this.mfa.regenerateRecoveryCodes(op) };
  }
}
