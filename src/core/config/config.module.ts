import { Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './app-config';

/**
 * Provides the validated AppConfig everywhere. Tests replace it with
 * `overrideProvider(AppConfig).useValue(loadConfig({...}))`.
 */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: () => loadConfig(process.env) }],
  exports: [AppConfig],
})
export class ConfigModule {}
