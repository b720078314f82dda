import { Injectable } from '@nestjs/common';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { StoredDomainEvent } from './domain-event-types';

/** Work a consumer does after the relay's transaction committed (best effort: it must be recoverable). */
export type AfterRelay = () => Promise<void>;

/**
 * A durable consumer of domain events: it runs inside the relay's transaction, with the batch of
 * events being published to the sockets. What it writes commits with the batch being marked
 * published, or not at all, so nothing it derives from an event is lost when Redis or a node is
 * lost afterwards. It must be idempotent per event id (a batch can be relayed again). It may
 * return work to do once the transaction committed. Its statements are sent with the relay's
 * COMMIT when it issues them before its first `await` (the relay does not wait between them).
 */
export interface OutboxConsumer {
  readonly name: string;
  onRelay(m: SqlExecutor, events: readonly StoredDomainEvent[]): Promise<AfterRelay | undefined>;
}

/** Features register their durable consumers here at module init (webhook fan-out does). */
@Injectable()
export class OutboxConsumers {
  private readonly consumers: OutboxConsumer[] = [];

  register(consumer: OutboxConsumer): void {
    if (this.consumers.some((c) => c.name === consumer.name)) throw new Error(`outbox consumer "${consumer.name}" registered twice`);
    this.consumers.push(consumer);
  }

  all(): readonly OutboxConsumer[] {
    return this.consumers;
  }
}
