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
