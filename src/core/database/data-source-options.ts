import { join } from 'node:path';
import { Client, type ClientConfig } from 'pg';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import type { AppConfig } from '../config/app-config';
import type { DataSourceOptions } from 'typeorm';

/**
 * Compiled code lives in dist/ with migrations in dist/migrations; under ts-jest the sources are
 * read directly from src/ and migrations/.
 */
const runningFromSource = __filename.endsWith('.ts');
export const MIGRATIONS_GLOB = runningFromSource
  ? join(__dirname, '..', '..', '..', 'migrations', '*.ts')
  : join(__dirname, '..', '..', 'migrations', '*.js');

export const MIGRATIONS_TABLE = 'schema_migrations';

/** How the service's connections show in pg_stat_activity. */
export const APPLICATION_NAME = 'agent-network-service';

/** How long opening any of the service's database connections may take. */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * The pool's connections: pg's Client with an 'error' listener from its birth. pg reports a
 * connection's failure as an 'error' event, and an 'error' event nobody listens to is thrown,
 * which ends the process. The pool listens while a connection is idle and TypeORM while a query
 * runner holds it, but TypeORM adds its listener a promise callback after the pool hands the
 * connection over: a Postgres shutdown whose FATAL came in the same read as a new connection's
 * ReadyForQuery fell in between and was thrown (seen in test/faults.e2e-spec.ts, once in a few
 * runs; it would have ended the service). This listener only keeps the process alive: pg has
 * already marked the connection unusable, so the statement sent on it next fails as
 * `database_unavailable` and the pool drops it when it comes back; whoever held it reports it.
 */
export class PooledClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', keepAlive);
  }
}
const keepAlive = (): void => undefined;

/** Options shared by the app's DataSource and the `migrate` command. Never synchronize. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dbPoolSize'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    synchronize: false,
    migrationsRun: false,
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    logging: ['error'],
    extra: {
      max: config.dbPoolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30000,
      application_name: APPLICATION_NAME,
      Client: PooledClient,
    },
  };
}
