import { Global, Module } from '@nestjs/common';
import { makeCounterProvider, makeGaugeProvider, makeHistogramProvider, PrometheusModule } from '@willsoto/nestjs-prometheus';
import { register } from 'prom-client';
import { HttpConnections } from '../core/common/http/http-connections';
import { LoggingModule } from '../core/logging/logging.module';
import {
  AUTH_FAILURES_METRIC,
  ENROLLMENT_CLAIMS_METRIC,
  HTTP_CONNECTIONS_EVICTED_METRIC,
  HTTP_CONNECTIONS_REFUSED_METRIC,
  HTTP_DURATION_METRIC,
  HTTP_OPEN_CONNECTIONS_METRIC,
  RATE_LIMITED_METRIC,
  SOCKET_CONNECTIONS_METRIC,
  SOCKET_PUSHES_METRIC,
  PAYMENT_EVENTS_METRIC,
  QUEUE_JOBS_DEAD_METRIC,
  QUEUE_JOBS_METRIC,
  READY_CHECK_METRIC,
  READY_DATABASE_PING_METRIC,
  READY_METRIC,
  SOCKET_DISCONNECTIONS_METRIC,
  SOCKET_OPEN_METRIC,
  WEBHOOK_ATTEMPTS_METRIC,
  WEBHOOK_SUBSCRIPTIONS_DISABLED_METRIC,
} from '../core/metrics/metric-names';
import { HttpMetrics } from './http-metrics';
import { MetricsTokenStrategy } from './metrics-token.strategy';
import { MetricsController } from './metrics.controller';

const metricProviders = [
  makeHistogramProvider({
    name: HTTP_DURATION_METRIC,
    help: 'HTTP request duration in seconds by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  }),
  makeCounterProvider({
    name: AUTH_FAILURES_METRIC,
    help: 'Refused authentications by mechanism and reason',
    labelNames: ['mechanism', 'reason'],
  }),
  makeCounterProvider({ name: RATE_LIMITED_METRIC, help: 'Requests refused by a rate limit', labelNames: ['limit'] }),
  makeCounterProvider({ name: ENROLLMENT_CLAIMS_METRIC, help: 'Enrollment claims by outcome', labelNames: ['outcome'] }),
  makeCounterProvider({ name: SOCKET_CONNECTIONS_METRIC, help: 'WebSocket connections by outcome', labelNames: ['outcome'] }),
  makeCounterProvider({ name: SOCKET_PUSHES_METRIC, help: 'Frames pushed to sockets by kind (event, command)', labelNames: ['kind'] }),
  makeCounterProvider({ name: WEBHOOK_ATTEMPTS_METRIC, help: 'Outgoing webhook delivery attempts by outcome', labelNames: ['outcome'] }),
  makeCounterProvider({ name: PAYMENT_EVENTS_METRIC, help: 'Inbound payment-provider events by outcome', labelNames: ['outcome'] }),
  makeGaugeProvider({ name: HTTP_OPEN_CONNECTIONS_METRIC, help: 'Open connections of the HTTP server, websockets included' }),
  makeCounterProvider({
    name: HTTP_CONNECTIONS_REFUSED_METRIC,
    help: 'Connections refused at accept: HTTP_MAX_CONNECTIONS and the probe reserve were full',
  }),
  makeCounterProvider({
    name: HTTP_CONNECTIONS_EVICTED_METRIC,
    help: 'Connections with no request in progress closed to make room for a new one at HTTP_MAX_CONNECTIONS',
  }),
  // The series an on-call alerts on (deploy/monitoring/alerts.yml, ADR 0278). The gauges are read
  // at scrape time by the module that owns what they measure (collectOnScrape).
  makeGaugeProvider({
    name: QUEUE_JOBS_METRIC,
    help: 'Jobs of each queue by state (waiting, active, delayed, failed), read from Redis at scrape time',
    labelNames: ['queue', 'state'],
  }),
  makeCounterProvider({
    name: QUEUE_JOBS_DEAD_METRIC,
    help: 'Jobs that failed their last attempt on this node (no retry left)',
    labelNames: ['queue'],
  }),
  makeCounterProvider({
    name: WEBHOOK_SUBSCRIPTIONS_DISABLED_METRIC,
    help: 'Webhook subscriptions disabled by the service, by reason (failing, gone)',
    labelNames: ['reason'],
  }),
  makeGaugeProvider({ name: READY_METRIC, help: '1 when /ready answers 200 on this node, 0 when it answers 503' }),
  makeGaugeProvider({
    name: READY_CHECK_METRIC,
    help: 'Per /ready check (repo, migrations, oban): 1 when it passes, 0 when it fails',
    labelNames: ['check'],
  }),
  makeGaugeProvider({ name: READY_DATABASE_PING_METRIC, help: "The readiness check's database ping in seconds" }),
  makeGaugeProvider({ name: SOCKET_OPEN_METRIC, help: 'Websockets open on this node' }),
  makeCounterProvider({
    name: SOCKET_DISCONNECTIONS_METRIC,
    help: 'Websockets that ended, by who ended them (client, ping_timeout, policy, shutdown)',
    labelNames: ['reason'],
  }),
];

/**
 * prom-client registers these gauges with a `_total` suffix, which the exposition format reserves
 * for counters (promtool rejects them). Their un-suffixed twins (nodejs_active_handles, ...) carry
 * the same information, so these are dropped.
 */
const NONCONFORMING_DEFAULT_METRICS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

@Global()
@Module({
  imports: [LoggingModule, PrometheusModule.register({ controller: MetricsController, defaultMetrics: { enabled: true } })],
  providers: [...metricProviders, HttpMetrics, HttpConnections, MetricsTokenStrategy],
  exports: [...metricProviders, HttpMetrics, HttpConnections],
})
export class MetricsModule {
  constructor() {
    for (const name of NONCONFORMING_DEFAULT_METRICS) register.removeSingleMetric(name);
  }
}
