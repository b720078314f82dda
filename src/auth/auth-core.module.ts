import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitModule } from '../rate-limit';
import { AuthStrategyRegistry } from './auth-strategy.registry';
import { AuthGuard } from './auth.guard';

@Global()
@Module({
  imports: [RateLimitModule],
  providers: [AuthStrategyRegistry, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthStrategyRegistry],
})
export class AuthCoreModule {}
