import { Module } from '@nestjs/common';
import { EventsModule } from '../events';
import { ExpiryWarningsRepository } from './expiry-warnings.repository';
import { ExpiryWarnings } from './expiry-warnings.service';

/** Warnings before keys and enrollment tokens run out: the periodic job of ADR 0235. */
@Module({
  imports: [EventsModule],
  providers: [ExpiryWarningsRepository, ExpiryWarnings],
})
export class ExpiryWarningsModule {}
