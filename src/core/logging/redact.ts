/** Header and body paths that never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-agent-api-key"]',
  'req.headers["x_agent_api_key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.api_key',
  '*.socket_token',
  '*.access_token',
  '*.secret',
];

const SECRET_QUERY = /([?&](?:socket_token|token|api_key|access_token)=)[^&#]*/gi;
const SECRET_PATH = /(\/users\/reset-password\/)[^/?#]+/i;

/** Every URL the two patterns above can change matches this (one cheap test for the usual URL that holds no secret). */
const MAYBE_SECRET = /token|api_key|reset-password/i;

/** A URL fit for logs: secret query values and reset-link tokens are replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  if (!MAYBE_SECRET.test(url)) return url;
  return url.replace(SECRET_QUERY, '$1[REDACTED]').replace(SECRET_PATH, '$1[REDACTED]');
}
