import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AuthCoreModule } from './auth/auth-core.module';
import { CommonModule } from './common/common.module';
import { ProblemFilter } from './common/problem/problem.filter';
import { AppValidationPipe } from './common/validation/validation';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { LoggingModule } from './logging/logging.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { RedisModule } from './redis/redis.module';

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
    AuthCoreModule,
    HealthModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: ProblemFilter },
    { provide: APP_PIPE, useClass: AppValidationPipe },
  ],
})
export class AppModule {}
