import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { AuthStrategyRegistry } from './auth-strategy.registry';

@Global()
@Module({
  providers: [AuthStrategyRegistry, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthStrategyRegistry],
})
export class AuthCoreModule {}
