import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { CredentialsModule } from '../credentials';
import { SocketTokensController } from './socket-tokens.controller';
import { SocketTokensRepository } from './socket-tokens.repository';
import { SocketTokensService } from './socket-tokens.service';

/** POST /api/v1/socket_tokens and the verification of socket tokens at the websocket upgrade. */
@Module({
  imports: [CommonModule, CredentialsModule],
  controllers: [SocketTokensController],
  providers: [SocketTokensRepository, SocketTokensService],
  exports: [SocketTokensService],
})
export class SocketTokensModule {}
