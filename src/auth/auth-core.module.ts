import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { BodylessRouteGuard } from '../core/common/validation/bodyless-route.guard';
import { RateLimitModule } from '../rate-limit';
import { AuthStrategyRegistry } from './auth-strategy.registry';
import { AuthGuard } from './auth.guard';

/**
 * The app's global guards, in the order they run (Nest keeps the order of this list): the
 * authentication guard, then the check that a route taking no body got none with fields. No
 * global interceptor: see BodylessRouteGuard.
 */
@Global()
@Module({
  imports: [DiscoveryModule, RateLimitModule],
  providers: [AuthStrategyRegistry, { provide: APP_GUARD, useClass: AuthGuard }, { provide: APP_GUARD, useClass: BodylessRouteGuard }],
  exports: [AuthStrategyRegistry],
})
export class AuthCoreModule {}
