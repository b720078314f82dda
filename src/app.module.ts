import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { AgentCommandsModule } from './agent-commands/agent-commands.module';
import { AgentsModule } from './agents/agents.module';
import { ApiTokensModule } from './api-tokens';
import { AuditModule } from './audit';
import { AuditEventsModule } from './audit-events';
import { AuthCoreModule } from './auth/auth-core.module';
import { BatchOperationsModule } from './batch-operations/batch-operations.module';
import { ConsoleModule } from './console/console.module';
import { CommonModule } from './core/common/common.module';
import { ProblemRenderer } from './core/common/problem/problem-renderer';
import { ProblemFilter } from './core/common/problem/problem.filter';
import { AppValidationPipe } from './core/common/validation/validation';
import { ConfigModule } from './core/config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { JobsModule } from './core/jobs/jobs.module';
import { LoggingModule } from './core/logging/logging.module';
import { RedisModule } from './core/redis/redis.module';
import { CredentialRotationModule } from './credential-rotation/credential-rotation.module';
import { CredentialsModule } from './credentials/credentials.module';
import { DataRequestsModule } from './data-requests/data-requests.module';
import { DocsModule } from './docs/docs.module';
import { EnrollmentModule } from './enrollment/enrollment.module';
import { EvalsModule } from './evals/evals.module';
import { EventsModule } from './events/events.module';
import { ExpiryWarningsModule } from './expiry-warnings/expiry-warnings.module';
import { GatewayModule } from './gateway/gateway.module';
import { GatewayRulesModule } from './gateway-rules/gateway-rules.module';
import { HealthModule } from './health/health.module';
import { IdentityModule } from './identity/identity.module';
import { MailModule } from './mail/mail.module';
import { MembersModule } from './members';
import { MessagesModule } from './messages/messages.module';
import { MetricsModule } from './metrics/metrics.module';
import { MfaModule } from './mfa';
import { OperatorModule } from './operator/operator.module';
import { OtaUpdatesModule } from './ota-updates/ota-updates.module';
import { PartnersModule } from './partners/partners.module';
import { PasskeysModule } from './passkeys';
import { PaymentsModule } from './payments/payments.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RegisterModule } from './register/register.module';
import { ReplaysModule } from './replays/replays.module';
import { ScimModule } from './scim/scim.module';
import { SearchModule } from './search/search.module';
import { SecurityViolationsModule } from './security-violations/security-violations.module';
import { SessionsModule } from './sessions/sessions.module';
import { SocketTokensModule } from './socket-tokens/socket-tokens.module';
import { SsoModule } from './sso';
import { TasksModule } from './tasks/tasks.module';
import { TracesModule } from './traces/traces.module';
import { WebhooksModule } from './webhooks/webhooks.module';
// fleet operations (issue 22)

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
    MfaModule,
    ConsoleModule,
    OperatorModule,
    AdminModule,
    EnrollmentModule,
    SocketTokensModule,
    AgentCommandsModule,
    GatewayModule,
    EventsModule,
    WebhooksModule,
    ScimModule,
    TracesModule,
    EvalsModule,
    SearchModule,
    DocsModule,
    PaymentsModule,
    ReplaysModule,
    // fleet operations (issue 22)
    SecurityViolationsModule,
    AuditModule,
    AuditEventsModule,
    GatewayRulesModule,
    BatchOperationsModule,
    OtaUpdatesModule,
    DataRequestsModule,
    // issue 19: the marketplace plane
    PartnersModule,
    // issue 52: fleets in the field
    CredentialRotationModule,
    ExpiryWarningsModule,
    // issue 54: operators as a team
    MembersModule,
    ApiTokensModule,
    PasskeysModule,
    SsoModule,
  ],
  providers: [ProblemRenderer, { provide: APP_FILTER, useClass: ProblemFilter }, { provide: APP_PIPE, useClass: AppValidationPipe }],
})
export class AppModule {}
