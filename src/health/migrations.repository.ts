import { Injectable } from '@nestjs/common';
import { MIGRATIONS_TABLE } from '../core/database/data-source-options';
import { Db } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';

const MIGRATIONS_TABLE_PRESENT = statement({
  label: 'migrations_table_present',
  text: `SELECT to_regclass($1) IS NOT NULL AS present`,
  params: [t.text],
  row: { present: t.bool },
});

const APPLIED_MIGRATIONS = statement({
  label: 'applied_migrations',
  text: `SELECT name FROM ${MIGRATIONS_TABLE}`,
  params: [],
  row: { name: t.text },
});

/** SQL for the readiness check's view of applied migrations. */
@Injectable()
export class MigrationsRepository {
  constructor(private readonly db: Db) {}

  /** Names of applied migrations; none when the migrations table does not exist yet. */
  async appliedNames(): Promise<Set<string>> {
    const { present } = await this.db.one(MIGRATIONS_TABLE_PRESENT, [MIGRATIONS_TABLE]);
    if (!present) return new Set();
    const rows = await this.db.rows(APPLIED_MIGRATIONS, []);
    return new Set(rows.map((r) => r.name));
  }
}
