import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { MachineBootstrap } from '../auth';
import { clientIp } from '../core/common/http/client-ip';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { AppConfig } from '../core/config/app-config';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../core/config/environment';
import { durationAdjective } from '../core/text/duration';
import { TokenExchangeDto, TokenResponseDto } from './dto/token-exchange.dto';
import { RejectBearerGuard } from './reject-bearer.guard';
import { TokenExchangeService } from './token-exchange.service';
import type { Request } from 'express';

@ApiTags('machine')
@Controller('api/v1/agent_tokens')
export class AgentTokensController {
  constructor(
    private readonly exchange: TokenExchangeService,
    private readonly config: AppConfig,
  ) {}

  /** Exchanges an agk_ API key (header x-agent-api-key or body api_key) for a 30-day access token. */
  @MachineBootstrap()
  @UseGuards(RejectBearerGuard)
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange an API key for an access token',
    description:
      'Public and optional: send an `agk_` API key in the `x-agent-api-key` header or as `api_key` in the body; it is never a Bearer source, and any `Authorization: Bearer` header is a 400. ' +
      `Answers a ${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} access token (\`expires_in\` ${SPEC_ACCESS_TOKEN_TTL_SECONDS}) with every scope of the key, or the subset asked for in \`scopes\` (asking for more: 403 \`insufficient_scopes\`). ` +
      "401 `api_key_required`, `invalid_api_key`, `api_key_expired`, `api_key_archived` or `api_key_revoked`; 403 `ip_not_allowed` from outside the key's `allowed_ips` (the token it would mint inherits them), `service_agent_inactive`, or the workspace refusal (`error` workspace_frozen, workspace_paused, workspace_archived). " +
      'Counted per client IP by the machine rate limit.',
  })
  // the key is the credential: in the header (the scheme) or as `api_key` in the body, which no scheme can say (hence `{}`)
  @ApiSecurity('agent-api-key')
  @ApiSecurity({})
  @ApiHeader({ name: 'x-agent-api-key', required: false, description: 'agk_ API key' })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'an Authorization: Bearer header was sent' })
  @ApiUnauthorizedResponse({
    type: ProblemDto,
    description: 'api_key_required, invalid_api_key, api_key_expired, api_key_archived, api_key_revoked',
  })
  @ApiForbiddenResponse({
    type: ProblemDto,
    description: 'ip_not_allowed, service_agent_inactive, insufficient_scopes, or workspace refusal',
  })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  create(
    @Body() dto: TokenExchangeDto,
    @Headers('x-agent-api-key') headerKey: string | undefined,
    @Req() req: Request,
  ): Promise<TokenResponseDto> {
    const from = () => clientIp(req, this.config.trustedProxyIps);
    return this.exchange.exchange({ headerKey, bodyKey: dto.api_key, scopes: dto.scopes, from });
  }
}
