import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { CurrentMachine } from '../credentials';
import type { MachinePrincipal } from '../credentials';
import { SocketTokenResponseDto } from './dto/socket-token-response.dto';
import { SocketTokensService } from './socket-tokens.service';

@ApiTags('machine')
@Controller('api/v1/socket_tokens')
export class SocketTokensController {
  constructor(private readonly tokens: SocketTokensService) {}

  /** Mints a 600-second token for the websocket at /socket, bound to the calling credential. */
  @MachineAuth('sockets:connect')
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: SocketTokenResponseDto, description: 'the socket token is shown only here' })
  create(@CurrentMachine() machine: MachinePrincipal): Promise<SocketTokenResponseDto> {
    return this.tokens.mint(machine);
  }
}
