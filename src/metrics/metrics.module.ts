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
  WEBHOOK_ATTEMPTS_METRIC,
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
