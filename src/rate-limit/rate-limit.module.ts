import { Logger, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { Clock } from '../core/common/clock/clock';
import { CommonModule } from '../core/common/common.module';
import { AppConfig } from '../core/config/app-config';
import { FixedWindowThrottlerStorage } from './fixed-window.storage';
import { MachineRateLimiter } from './machine-rate-limiter';
import { MACHINE_MAX_KEYS_PER_WINDOW, MACHINE_THROTTLER, MACHINE_WINDOW_MS } from './rate-limit.constants';

/**
 * @nestjs/throttler configured with our fixed-window storage. The counting itself is driven by
 * the global AuthGuard through MachineRateLimiter rather than ThrottlerGuard: a request must be
 * counted once, after authentication has identified its credential, and a request refused for
 * bad credentials must still count against its IP, which a guard running after the auth guard
 * never sees.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [CommonModule],
      inject: [AppConfig, Clock],
      useFactory: (config: AppConfig, clock: Clock) => ({
        throttlers: [{ name: MACHINE_THROTTLER, ttl: MACHINE_WINDOW_MS, limit: config.apiRateLimit }],
        storage: new FixedWindowThrottlerStorage(clock, MACHINE_MAX_KEYS_PER_WINDOW, () =>
          new Logger('RateLimit').warn('key budget for this window spent; new keys are admitted untracked'),
        ),
      }),
    }),
  ],
  providers: [MachineRateLimiter],
  exports: [MachineRateLimiter],
})
export class RateLimitModule {}
