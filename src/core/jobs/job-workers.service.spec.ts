import { JobWorkers } from './job-workers.service';
import { QueueWorkerHost } from './queue-worker';
import type { AppConfig } from '../config/app-config';
import type { DiscoveryService } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';

class Processor extends QueueWorkerHost {
  constructor(worker: Partial<Worker>) {
    super();
    (this as unknown as { _worker: Partial<Worker> })._worker = worker;
  }
  process(_job: Job): Promise<void> {
    return Promise.resolve();
  }
}

/** A stand-in for the stopped BullMQ worker @nestjs/bullmq creates: records what JobWorkers does. */
interface FakeWorker {
  name: string;
  opts: { autorun: boolean };
  concurrency: number;
  closing: undefined;
  started: boolean;
  run: jest.Mock<Promise<void>, []>;
  isRunning: () => boolean;
  on: jest.Mock;
}

function fakeWorker(name: string, autorun = false): FakeWorker {
  const worker: FakeWorker = {
    name,
    opts: { autorun },
    concurrency: 1,
    closing: undefined,
    started: false,
    run: jest.fn((): Promise<void> => ((worker.started = true), new Promise<void>(() => undefined))),
    isRunning: () => worker.started,
    on: jest.fn(),
  };
  return worker;
}

function jobWorkers(queues: { name: string; concurrency: number }[], processors: Processor[]): JobWorkers {
  const discovery = { getProviders: () => processors.map((instance) => ({ instance })) } as unknown as DiscoveryService;
  return new JobWorkers(discovery, { queues } as unknown as AppConfig);
}

describe('JobWorkers', () => {
  it('starts each configured worker with its concurrency, and none at concurrency 0', () => {
    const mailer = fakeWorker('mailer');
    const events = fakeWorker('events');
    const workers = jobWorkers(
      [
        { name: 'mailer', concurrency: 3 },
        { name: 'events', concurrency: 0 },
      ],
      [new Processor(mailer as unknown as Worker), new Processor(events as unknown as Worker)],
    );
    workers.onApplicationBootstrap();
    expect(mailer.run).toHaveBeenCalledTimes(1);
    expect(mailer.concurrency).toBe(3);
    expect(events.run).not.toHaveBeenCalled();
    expect(workers.states()).toEqual([
      { name: 'mailer', running: true, concurrency: 3 },
      { name: 'events', running: false, concurrency: 0 },
    ]);
  });

  it('reports a configured queue without a processor as not running', () => {
    const workers = jobWorkers([{ name: 'webhooks', concurrency: 2 }], []);
    workers.onApplicationBootstrap();
    expect(workers.states()).toEqual([{ name: 'webhooks', running: false, concurrency: 2 }]);
  });

  it('refuses to boot on a processor without configuration, a second processor, or one that would start by itself', () => {
    const unconfigured = jobWorkers([], [new Processor(fakeWorker('stray') as unknown as Worker)]);
    expect(() => unconfigured.onApplicationBootstrap()).toThrow('queue "stray" has a processor but no configured concurrency');

    const twice = jobWorkers(
      [{ name: 'mailer', concurrency: 1 }],
      [new Processor(fakeWorker('mailer') as unknown as Worker), new Processor(fakeWorker('mailer') as unknown as Worker)],
    );
    expect(() => twice.onApplicationBootstrap()).toThrow('queue "mailer" has two processors');

    const autorun = jobWorkers([{ name: 'mailer', concurrency: 1 }], [new Processor(fakeWorker('mailer', true) as unknown as Worker)]);
    expect(() => autorun.onApplicationBootstrap()).toThrow('must be declared with @QueueWorker');
  });
});
