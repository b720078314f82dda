import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { type BatchActionHandler, BatchActionHandlerFor, BatchActionRegistry, type ChunkResult } from './batch-action';

abstract class FakeHandler implements BatchActionHandler {
  readonly targetKind = 'robot' as const;
  apply(): Promise<ChunkResult> {
    return Promise.resolve({ outcomes: new Map() });
  }
}

@BatchActionHandlerFor('retire_robots')
@Injectable()
class Retire extends FakeHandler {}
@BatchActionHandlerFor('tag_robots')
@Injectable()
class Tag extends FakeHandler {}
@BatchActionHandlerFor('send_agent_command')
@Injectable()
class Send extends FakeHandler {}
@BatchActionHandlerFor('create_ota_update')
@Injectable()
class Ota extends FakeHandler {}
@BatchActionHandlerFor('revoke_api_keys')
@Injectable()
class Revoke extends FakeHandler {}
@BatchActionHandlerFor('tag_robots')
@Injectable()
class TagAgain extends FakeHandler {}

async function boot(...handlers: Type[]): Promise<BatchActionRegistry> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [BatchActionRegistry, ...handlers] }).compile();
  await moduleRef.init();
  return moduleRef.get(BatchActionRegistry);
}

describe('BatchActionRegistry', () => {
  it('finds the handler of every batch action', async () => {
    const registry = await boot(Retire, Tag, Send, Ota, Revoke);
    expect(registry.get('tag_robots')).toBeInstanceOf(Tag);
    expect(registry.get('create_ota_update')).toBeInstanceOf(Ota);
  });

  it('does not boot when an action has no handler', async () => {
    await expect(boot(Retire, Tag, Send, Revoke)).rejects.toThrow(
      `batch action handlers: "create_ota_update" has none: decorate its provider with @BatchActionHandlerFor('create_ota_update')`,
    );
  });

  it('does not boot when an action has two handlers', async () => {
    await expect(boot(Retire, Tag, Send, Ota, Revoke, TagAgain)).rejects.toThrow(
      'batch action handlers: "tag_robots" is registered 2 times: by Tag in RootTestModule, TagAgain in RootTestModule',
    );
  });
});
