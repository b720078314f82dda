import { Module } from '@nestjs/common';
import { AgentCommandsModule } from '../agent-commands';
import { CommonModule } from '../core/common/common.module';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { SessionsModule } from '../sessions';
import { SocketTokensModule } from '../socket-tokens';
import { ApprovalPushService } from './approval-push.service';
import { AsyncApiController } from './asyncapi.controller';
import { CommandPushService } from './command-push.service';
import { EventPushService } from './event-push.service';
import { SocketAuthService } from './socket-auth.service';
import { SocketPolicy } from './socket-policy.service';
import { SocketRegistry } from './socket-registry';
import { SocketGateway } from './socket.gateway';

/** The websocket at /socket; install SocketWsAdapter on the app (bootstrap.ts) for its protocol. */
@Module({
  imports: [CommonModule, SessionsModule, SocketTokensModule, AgentCommandsModule],
  controllers: [AsyncApiController],
  providers: [
    ProblemRenderer,
    SocketGateway,
    SocketAuthService,
    SocketRegistry,
    SocketPolicy,
    CommandPushService,
    EventPushService,
    ApprovalPushService,
  ],
})
export class GatewayModule {}
