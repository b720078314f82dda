import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { durationAdjective } from '../core/text/duration';
import { CurrentMachine, SOCKET_TOKEN_TTL_SECONDS } from '../credentials';
import { SocketTokenResponseDto } from './dto/socket-token-response.dto';
import { SocketTokensService } from './socket-tokens.service';
import type { MachinePrincipal } from '../credentials';

@ApiTags('machine')
@Controller('api/v1/socket_tokens')
export class SocketTokensController {
  constructor(private readonly tokens: SocketTokensService) {}

  /** Mints a 600-second token for the websocket at /socket, bound to the calling credential. */
  @MachineAuth('sockets:connect')
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mint a socket token for the websocket',
    description:
      'Service agents, with an `agk_` API key or access token (Bearer or `x-agent-api-key`) holding `sockets:connect`. Mints a ' +
      `${durationAdjective(SOCKET_TOKEN_TTL_SECONDS, 'second')} token bound to the calling credential for the websocket at \`/socket\` (sent as the \`socket_token\` connection parameter, ` +
      'usable for several connections until it expires); it carries the socket scopes the credential holds (`sockets:connect`, ' +
      '`events:read`, `agent_commands:read`) and is shown only in this 200 answer. Without `sockets:connect` the answer is 403 with the detail ' +
      '`The token does not have sufficient scope`, a frozen, paused or archived workspace is 403 with `error` `workspace_frozen`, `workspace_paused` ' +
      'or `workspace_archived`, and the call counts against the machine rate limit (429 with `retry-after`).',
  })
  @ApiOkResponse({ type: SocketTokenResponseDto, description: 'the socket token is shown only here' })
  create(@CurrentMachine() machine: MachinePrincipal): Promise<SocketTokenResponseDto> {
    return this.tokens.mint(machine);
  }
}
