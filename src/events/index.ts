/** What the events feature offers the rest of the service; other features import it from here only. */
export * from './domain-event-types';
export { TRANSACTION_TIME } from './domain-events.repository';
export { recordEventsSql } from './domain-events.repository';
export * from './events.module';
export * from './outbox-consumers';
export * from './outbox.service';
