import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { SnakeNamingStrategy } from './snake-naming.strategy';

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
    },
  };
}
