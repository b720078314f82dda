export const HTTP_DURATION_METRIC = 'http_request_duration_seconds';
export const AUTH_FAILURES_METRIC = 'auth_failures_total';
export const RATE_LIMITED_METRIC = 'rate_limited_total';
export const ENROLLMENT_CLAIMS_METRIC = 'enrollment_claims_total';
export const SOCKET_CONNECTIONS_METRIC = 'socket_connections_total';
