import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DataSubjectRegistry, DataSubjectSection } from './data-subject.registry';
import type { Tx } from '../core/database/db.service';
import type { DataSubject, PagedSubjectData } from './data-subject';

const subject: DataSubject = { workspaceId: 'w', type: 'user', id: 'u', serviceAgentIds: [], robotIds: [], userIds: ['u'] };
const manager = {} as Tx;

/** Rows `<name>-1` and `<name>-2` in one page; its erasures are counted. */
abstract class FakeSection implements PagedSubjectData {
  erased = 0;
  constructor(private readonly name: string) {}
  exportPage(_m: Tx, _s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return Promise.resolve(after === undefined ? [{ id: `${this.name}-1` }, { id: `${this.name}-2` }] : []);
  }
  erase(): Promise<void> {
    this.erased++;
    return Promise.resolve();
  }
}

@DataSubjectSection('messages')
@Injectable()
class Messages extends FakeSection {
  constructor() {
    super('message');
  }
}
@DataSubjectSection('events', { order: -1 })
@Injectable()
class Events extends FakeSection {
  constructor() {
    super('event');
  }
}
@DataSubjectSection('agents')
@Injectable()
class Agents extends FakeSection {
  constructor() {
    super('agent');
  }
}
@DataSubjectSection('messages')
@Injectable()
class MoreMessages extends FakeSection {
  constructor() {
    super('more');
  }
}

async function boot(...sections: Type[]): Promise<DataSubjectRegistry> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [DataSubjectRegistry, ...sections] }).compile();
  await moduleRef.init();
  return moduleRef.get(DataSubjectRegistry);
}

async function exported(registry: DataSubjectRegistry, section: string): Promise<unknown[]> {
  const rows: unknown[] = [];
  for await (const page of registry
    .contributors()
    .find((c) => c.section === section)!
    .export(subject, manager))
    rows.push(...page);
  return rows;
}

describe('DataSubjectRegistry', () => {
  it('finds every declared section, in erasure order: by order, then name', async () => {
    const registry = await boot(Messages, Events, Agents);
    expect(registry.sections()).toEqual(['events', 'agents', 'messages']);
  });

  it('exports a section by its pages and erases it through its provider', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [DataSubjectRegistry, Messages] }).compile();
    await moduleRef.init();
    const registry = moduleRef.get(DataSubjectRegistry);
    expect(await exported(registry, 'messages')).toEqual([{ id: 'message-1' }, { id: 'message-2' }]);
    await registry.contributors()[0].erase(subject, manager);
    expect(moduleRef.get(Messages).erased).toBe(1);
  });

  it('does not boot when two providers declare the same section', async () => {
    await expect(boot(Messages, Events, MoreMessages)).rejects.toThrow(
      'data-subject sections: "messages" is registered 2 times: by Messages in RootTestModule, MoreMessages in RootTestModule',
    );
  });
});
