import { ApiProperty } from '@nestjs/swagger';
import type { SocketScope } from '../socket-scopes';

/** SPEC.md SocketTokenResponse. */
export class SocketTokenResponseDto {
  @ApiProperty({
    type: [String],
    example: ['sockets:connect', 'events:read', 'agent_commands:read'],
    description: 'scopes carried into the socket connection',
  })
  scopes: SocketScope[];

  @ApiProperty({ example: '/socket', description: 'websocket path to connect to' })
  socket_path: string;

  @ApiProperty({ example: 600, description: 'seconds until the socket token expires' })
  expires_in: number;

  @ApiProperty({ format: 'uuid' })
  service_agent_id: string;

  @ApiProperty({ format: 'uuid' })
  workspace_id: string;

  @ApiProperty({ description: 'short-lived token for the socket_token connection parameter; shown once' })
  socket_token: string;
}
