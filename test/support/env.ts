/**
 * Defaults for running jest directly (scripts/test.sh sets the same): the test database and
 * Redis db 1 on the ports scripts/infra.sh uses.
 */
const defaults: Record<string, string> = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://agentnet:agentnet@127.0.0.1:54329/agentnet_test',
  REDIS_URL: 'redis://127.0.0.1:63799/1',
  BCRYPT_COST: '4',
  LOG_LEVEL: 'silent',
  METRICS_BEARER_TOKEN: 'test-metrics-token-0123456789',
  BASE_URL: 'http://localhost:4000',
};
for (const [key, value] of Object.entries(defaults)) {
  if (process.env[key] === undefined || key === 'NODE_ENV') process.env[key] = value;
}
