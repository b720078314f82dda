import { DataSource } from 'typeorm';
import { ConfigValidationError, loadMigrationsDatabaseUrl } from '../config/app-config';
import { configSources, loadEnvFile } from '../config/env-file';
import { dataSourceOptions } from './data-source-options';

/** `npm run migrate`: applies pending migrations and exits. The service itself never migrates. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource({ ...dataSourceOptions({ databaseUrl, dbPoolSize: 2 }), entities: [] });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  const envFile = loadEnvFile();
  (async () => {
    const applied = await runMigrations(loadMigrationsDatabaseUrl());
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'no pending migrations\n');
  })().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    if (err instanceof ConfigValidationError) process.stderr.write(`${configSources(envFile)}\n`);
    process.exit(1);
  });
}
