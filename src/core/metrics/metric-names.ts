export const HTTP_DURATION_METRIC = 'http_request_duration_seconds';
export const AUTH_FAILURES_METRIC = 'auth_failures_total';
export const RATE_LIMITED_METRIC = 'rate_limited_total';
export const ENROLLMENT_CLAIMS_METRIC = 'enrollment_claims_total';
export const SOCKET_CONNECTIONS_METRIC = 'socket_connections_total';
/** Frames the server pushed to sockets, by kind (event, command): what one command or event costs the fleet. */
export const SOCKET_PUSHES_METRIC = 'socket_pushes_total';
/** Outgoing webhook attempts by outcome (succeeded, failed). */
export const WEBHOOK_ATTEMPTS_METRIC = 'webhook_attempts_total';
/** Inbound payment-provider events by outcome (applied, ignored, duplicate). */
export const PAYMENT_EVENTS_METRIC = 'payment_events_total';
/** Open TCP connections of the HTTP server, websockets included (HttpConnections). */
export const HTTP_OPEN_CONNECTIONS_METRIC = 'http_open_connections';
/** Connections refused at accept: HTTP_MAX_CONNECTIONS and the probe reserve were full. */
export const HTTP_CONNECTIONS_REFUSED_METRIC = 'http_connections_refused_total';
/** Connections with no request in progress closed to make room for a new one at HTTP_MAX_CONNECTIONS. */
export const HTTP_CONNECTIONS_EVICTED_METRIC = 'http_connections_evicted_total';
/** Jobs of each BullMQ queue by state (waiting, active, delayed, failed), read from Redis at scrape time: the same on every node. */
export const QUEUE_JOBS_METRIC = 'queue_jobs';
/** Jobs that failed their last attempt on this node's workers (dead: BullMQ retries them no more). */
export const QUEUE_JOBS_DEAD_METRIC = 'queue_jobs_dead_total';
/** Webhook subscriptions the service disabled, by reason (failing: the failure window passed; gone: a 410). */
export const WEBHOOK_SUBSCRIPTIONS_DISABLED_METRIC = 'webhook_subscriptions_disabled_total';
/** 1 when this node's /ready answers 200, 0 when it answers 503 (a check failed, or the node drains): read at scrape time. */
export const READY_METRIC = 'ready';
/** Per /ready check (repo, migrations, oban): 1 when it passes (ok or degraded), 0 when it is an error. */
export const READY_CHECK_METRIC = 'ready_check';
/** The database ping of the last /ready check run at scrape time, in seconds. */
export const READY_DATABASE_PING_METRIC = 'ready_database_ping_seconds';
/** Websockets open on this node now. */
export const SOCKET_OPEN_METRIC = 'socket_open_connections';
/** Websockets that ended, by who ended them (client, ping_timeout, policy, shutdown). */
export const SOCKET_DISCONNECTIONS_METRIC = 'socket_disconnections_total';
