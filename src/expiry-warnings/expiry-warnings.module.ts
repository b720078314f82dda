import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { EventsModule } from '../events';
import { ExpiryWarningsRepository } from './expiry-warnings.repository';
import { ExpiryWarnings } from './expiry-warnings.service';

/** Warnings before keys and enrollment tokens run out: the periodic job of ADR 0235. */
@Module({
  imports: [CommonModule, EventsModule],
  providers: [ExpiryWarningsRepository, ExpiryWarnings],
})
export class ExpiryWarningsModule {}
