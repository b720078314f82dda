import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { type AfterRelay, OutboxConsumer, OutboxConsumers } from './outbox-consumers';

abstract class FakeConsumer implements OutboxConsumer {
  onRelay(): Promise<AfterRelay | undefined> {
    return Promise.resolve(undefined);
  }
}

@OutboxConsumer('webhooks')
@Injectable()
class Webhooks extends FakeConsumer {}
@OutboxConsumer('audit')
@Injectable()
class Audit extends FakeConsumer {}
@OutboxConsumer('webhooks')
@Injectable()
class MoreWebhooks extends FakeConsumer {}

async function boot(...consumers: Type[]): Promise<OutboxConsumers> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [OutboxConsumers, ...consumers] }).compile();
  await moduleRef.init();
  return moduleRef.get(OutboxConsumers);
}

describe('OutboxConsumers', () => {
  it('finds every declared consumer, by name', async () => {
    const found = await boot(Webhooks, Audit);
    expect(found.all().map((c) => c.constructor)).toEqual([Audit, Webhooks]);
  });

  it('none declared: the relay only publishes', async () => {
    expect((await boot()).all()).toEqual([]);
  });

  it('does not boot when two consumers share a name', async () => {
    await expect(boot(Webhooks, Audit, MoreWebhooks)).rejects.toThrow(
      'outbox consumers: "webhooks" is registered 2 times: by Webhooks in RootTestModule, MoreWebhooks in RootTestModule',
    );
  });
});
