import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TypeOrmHealthIndicator } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { DataSource } from 'typeorm';
import { Clock } from '../core/common/clock/clock';
import { HttpConnections } from '../core/common/http/http-connections';
import { withTimeout } from '../core/common/with-timeout';
import { AppConfig } from '../core/config/app-config';
import { JobWorkers } from '../core/jobs/job-workers.service';
import { collectOnScrape } from '../core/metrics/collect-on-scrape';
import { READY_CHECK_METRIC, READY_DATABASE_PING_METRIC, READY_METRIC } from '../core/metrics/metric-names';
import { RedisService } from '../core/redis/redis.service';
import { MigrationsRepository } from './migrations.repository';
import type { Gauge } from 'prom-client';

export type CheckStatus = 'ok' | 'degraded' | 'error';

export interface ReadinessReport {
  status: 'ok' | 'degraded' | 'error';
  /** Set while the node drains after SIGTERM: it is 503 whatever its dependencies say, and they are not checked. */
  error?: 'shutting_down';
  timestamp: string;
  checks: {
    /** `latency_ms` when the ping answered; `error` when it did not. */
    repo: { status: CheckStatus; latency_ms?: number; error?: 'database_unreachable' | 'shutting_down' };
    /** `pending` is null when the check could not read `schema_migrations` (unknown, not "all"). */
    migrations: { status: CheckStatus; pending: number | null; error?: 'migrations_unknown' | 'shutting_down' };
    oban: {
      status: CheckStatus;
      queues: Record<string, { status: CheckStatus; concurrency: number }>;
      error?: 'redis_unreachable' | 'shutting_down';
    };
  };
}

/** A check that passed but took longer than this is reported as degraded, not failed. */
const SLOW_CHECK_MS = 500;

/**
 * Readiness: database reachable (repo), no pending migration (migrations), and every configured
 * job queue with a running worker of positive concurrency and a reachable Redis (oban, the
 * name the interface keeps for the job-queue check). Any `error` makes the whole report `error`
 * (503); a slow but passing check makes it `degraded` (200).
 */
@Injectable()
export class ReadinessService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ReadinessService.name);
  /** The report of the scrape in progress, shared by the three readiness gauges it fills. */
  private scraping?: Promise<ReadinessReport>;
  private stopCollecting: (() => void)[] = [];

  constructor(
    private readonly typeorm: TypeOrmHealthIndicator,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly migrationsRepo: MigrationsRepository,
    private readonly jobs: JobWorkers,
    private readonly redis: RedisService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly connections: HttpConnections,
    @InjectMetric(READY_METRIC) private readonly readyGauge: Gauge<string>,
    @InjectMetric(READY_CHECK_METRIC) private readonly checkGauge: Gauge<string>,
    @InjectMetric(READY_DATABASE_PING_METRIC) private readonly pingGauge: Gauge<string>,
  ) {}

  /**
   * /metrics carries what /ready answers (`ready`, `ready_check{check}`, the database ping), run
   * when it is scraped, so Prometheus sees a node's readiness without probing it.
   */
  onModuleInit(): void {
    this.stopCollecting = [
      collectOnScrape(this.readyGauge, async () => this.readyGauge.set((await this.scrapeReport()).status === 'error' ? 0 : 1)),
      collectOnScrape(this.checkGauge, async () => {
        const { checks } = await this.scrapeReport();
        for (const [check, { status }] of Object.entries(checks)) this.checkGauge.set({ check }, status === 'error' ? 0 : 1);
      }),
      collectOnScrape(this.pingGauge, async () => {
        const latency = (await this.scrapeReport()).checks.repo.latency_ms;
        if (latency === undefined) this.pingGauge.reset();
        else this.pingGauge.set(latency / 1000);
      }),
    ];
  }

  onApplicationShutdown(): void {
    for (const stop of this.stopCollecting) stop();
  }

  /** One report per scrape: prom-client collects every gauge at once, so they share the one in flight. */
  private scrapeReport(): Promise<ReadinessReport> {
    this.scraping ??= this.report().finally(() => (this.scraping = undefined));
    return this.scraping;
  }

  async report(): Promise<ReadinessReport> {
    if (this.connections.isDraining) return this.shuttingDown();
    const [repo, migrations, oban] = await Promise.all([this.repo(), this.migrations(), this.oban()]);
    const statuses = [repo.status, migrations.status, oban.status];
    const status = statuses.includes('error') ? 'error' : statuses.includes('degraded') ? 'degraded' : 'ok';
    return { status, timestamp: this.clock.date().toISOString(), checks: { repo, migrations, oban } };
  }

  private async repo(): Promise<ReadinessReport['checks']['repo']> {
    const started = performance.now();
    // terminus reports a failed ping as a `down` result rather than throwing; its result is a
    // PromiseLike builder (no .catch), so it is wrapped for the unexpected throw.
    const result = await Promise.resolve(
      this.typeorm.pingCheck('repo', { connection: this.dataSource, timeout: this.config.readyTimeoutMs }),
    ).catch(() => ({ repo: { status: 'down' } }));
    if (result.repo.status !== 'up') {
      this.logger.warn('readiness: database unreachable');
      return { status: 'error', error: 'database_unreachable' };
    }
    const latency = Math.round(performance.now() - started);
    if (latency > SLOW_CHECK_MS) this.logger.warn(`readiness: database ping took ${latency} ms`);
    return { status: latency > SLOW_CHECK_MS ? 'degraded' : 'ok', latency_ms: latency };
  }

  private async migrations(): Promise<ReadinessReport['checks']['migrations']> {
    const known = this.dataSource.migrations.map((m) => m.name ?? m.constructor.name);
    try {
      const applied = await withTimeout(this.migrationsRepo.appliedNames(), this.config.readyTimeoutMs, 'migration check');
      const pending = known.filter((name) => !applied.has(name)).length;
      return { status: pending === 0 ? 'ok' : 'error', pending };
    } catch (err) {
      this.logger.warn(`readiness: migration check failed: ${(err as Error).message}`);
      return { status: 'error', pending: null, error: 'migrations_unknown' };
    }
  }

  private async oban(): Promise<ReadinessReport['checks']['oban']> {
    const queues: ReadinessReport['checks']['oban']['queues'] = {};
    for (const q of this.jobs.states()) {
      queues[q.name] = { status: q.running && q.concurrency > 0 ? 'ok' : 'error', concurrency: q.concurrency };
    }
    let redisReachable = true;
    try {
      await withTimeout(this.redis.client.ping(), this.config.readyTimeoutMs, 'redis ping');
    } catch (err) {
      redisReachable = false;
      this.logger.warn(`readiness: redis unreachable: ${(err as Error).message}`);
    }
    if (!redisReachable) return { status: 'error', queues, error: 'redis_unreachable' };
    const failed = Object.values(queues).some((q) => q.status !== 'ok');
    return { status: failed ? 'error' : 'ok', queues };
  }

  /**
   * After SIGTERM the node takes no new work: 503 at once, so a balancer stops sending to it,
   * without waiting on checks that no longer matter (ADR 0064).
   */
  private shuttingDown(): ReadinessReport {
    const error = 'shutting_down' as const;
    return {
      status: 'error',
      error,
      timestamp: this.clock.date().toISOString(),
      checks: {
        repo: { status: 'error', error },
        migrations: { status: 'error', pending: null, error },
        oban: { status: 'error', queues: {}, error },
      },
    };
  }
}
