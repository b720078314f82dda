import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { AgentCommandsModule } from './agent-commands/agent-commands.module';
import { AgentsModule } from './agents/agents.module';
import { AuthCoreModule } from './auth/auth-core.module';
import { CommonModule } from './common/common.module';
import { ProblemFilter } from './common/problem/problem.filter';
import { AppValidationPipe } from './common/validation/validation';
import { ConfigModule } from './config/config.module';
import { ConsoleModule } from './console/console.module';
import { CredentialsModule } from './credentials/credentials.module';
import { DatabaseModule } from './database/database.module';
import { EnrollmentModule } from './enrollment/enrollment.module';
import { GatewayModule } from './gateway/gateway.module';
import { HealthModule } from './health/health.module';
import { IdentityModule } from './identity/identity.module';
import { JobsModule } from './jobs/jobs.module';
import { LoggingModule } from './logging/logging.module';
import { MailModule } from './mail/mail.module';
import { MessagesModule } from './messages/messages.module';
import { MetricsModule } from './metrics/metrics.module';
import { OperatorModule } from './operator/operator.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RedisModule } from './redis/redis.module';
import { RegisterModule } from './register/register.module';
import { SessionsModule } from './sessions/sessions.module';
import { SocketTokensModule } from './socket-tokens/socket-tokens.module';
import { TasksModule } from './tasks/tasks.module';

@Module({
  imports: [
    ConfigModule,
    CommonModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    JobsModule,
    MailModule,
    MetricsModule,
    RateLimitModule,
    AuthCoreModule,
    HealthModule,
    IdentityModule,
    AgentsModule,
    CredentialsModule,
    RegisterModule,
    MessagesModule,
    TasksModule,
    SessionsModule,
    ConsoleModule,
    OperatorModule,
    AdminModule,
    EnrollmentModule,
    SocketTokensModule,
    AgentCommandsModule,
    GatewayModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: ProblemFilter },
    { provide: APP_PIPE, useClass: AppValidationPipe },
  ],
})
export class AppModule {}
