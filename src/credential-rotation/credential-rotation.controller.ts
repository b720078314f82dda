import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../core/config/environment';
import { durationAdjective } from '../core/text/duration';
import { CurrentMachine, type MachinePrincipal } from '../credentials';
import { CredentialRotationService } from './credential-rotation.service';
import { GRACE_PERIOD_DEFAULT_SECONDS, GRACE_PERIOD_MAX_SECONDS, RotateCredentialDto, RotateCredentialResponseDto } from './dto/rotate.dto';

@ApiTags('machine')
@Controller('api/v1/credentials')
export class CredentialRotationController {
  constructor(private readonly rotation: CredentialRotationService) {}

  /** A machine replaces its own key; the old one ends after the grace period. */
  @MachineAuth('credentials:write')
  @Post('rotate')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Rotate the calling key',
    description:
      'Service agents, with an `agk_` API key or an access token exchanged from one (Bearer or `x-agent-api-key`) holding `credentials:write`. ' +
      "Issues a new `agk_` key for the same agent with the old key's scopes (an old key that expires gives the new one the same lifetime from now), " +
      `and a ${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} access token of it, both shown only here. ` +
      `The old key, and every access token and socket minted from it, keep working until \`previous.expires_at\`: \`grace_period_seconds\` from now (0 to ${GRACE_PERIOD_MAX_SECONDS}, default ${GRACE_PERIOD_DEFAULT_SECONDS}), ` +
      "or the old key's own expiry if that is sooner; with 0 the old key is revoked at once. Every node honours the end. " +
      'Records `api_key.rotated` (and `api_key.revoked` for a grace of 0). 409 `credential_rotated` when the key was already rotated (a retry of a rotation ' +
      'whose answer was lost: the old key still works until its end, and an operator can issue a new key); 422 `validation_failed` for a bad body; ' +
      '503 when PostgreSQL is unreachable, and then nothing was rotated.',
  })
  @ApiCreatedResponse({ type: RotateCredentialResponseDto, description: 'the new key and token are shown only here' })
  @ApiConflictResponse({ type: ProblemDto, description: 'credential_rotated' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' })
  rotate(@CurrentMachine() machine: MachinePrincipal, @Body() dto: RotateCredentialDto): Promise<RotateCredentialResponseDto> {
    return this.rotation.rotate(machine, dto.grace_period_seconds ?? GRACE_PERIOD_DEFAULT_SECONDS);
  }
}
