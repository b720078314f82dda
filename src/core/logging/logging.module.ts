import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { AccessLog } from './access-log';
import { logDestination } from './log-destination';
import { REDACT_PATHS } from './redact';

/**
 * Structured JSON logs on one buffered stdout stream. nestjs-pino is Nest's application logger
 * (with the redaction paths as a guard for anything logged explicitly); its per-request
 * middleware is not mounted: AccessLog writes the request lines (see there why).
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: [{ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, logDestination()],
        forRoutes: [],
      }),
    }),
  ],
  providers: [AccessLog],
  exports: [AccessLog],
})
export class LoggingModule {}
