import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { MachineBootstrap } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../core/config/environment';
import { durationAdjective } from '../core/text/duration';
import { PASSWORD_LENGTH } from '../identity';
import { RegisterResponseDto } from './dto/register-response.dto';
import { DISPLAY_NAME_LENGTH, RegisterDto } from './dto/register.dto';
import { RegisterService } from './register.service';

@ApiTags('machine')
@Controller('api/v1/register')
export class RegisterController {
  constructor(private readonly register: RegisterService) {}

  /** Creates a user, a workspace, its default agent and the workspace primary key in one request. */
  @MachineBootstrap()
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Register a user and a new workspace',
    description:
      'Public (no credential; counted per client IP by the machine rate limit). In one transaction it creates the user (owner), a `free` active workspace, its default service agent and the workspace primary key. ' +
      `Answers 201 with the \`agk_\` key and a ${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} access token (${SPEC_ACCESS_TOKEN_TTL_SECONDS} s) for it, both shown only here; the key lives on the hidden workspace-key agent and carries every machine scope except \`credentials:write\`. ` +
      `422 \`validation_failed\` for a bad field (password ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters, name ${DISPLAY_NAME_LENGTH.min} to ${DISPLAY_NAME_LENGTH.max}) or an email already taken.`,
  })
  @ApiCreatedResponse({ type: RegisterResponseDto, description: 'the key and token are shown only here' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  create(@Body() dto: RegisterDto): Promise<RegisterResponseDto> {
    return this.register.register(dto);
  }
}
