import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MIGRATIONS_TABLE } from '../core/database/data-source-options';

/** SQL for the readiness check's view of applied migrations. */
@Injectable()
export class MigrationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Names of applied migrations; none when the migrations table does not exist yet. */
  async appliedNames(): Promise<Set<string>> {
    const [{ present }] = await this.db.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [MIGRATIONS_TABLE]);
    if (!present) return new Set();
    const rows: { name: string }[] = await this.db.query(`SELECT name FROM ${MIGRATIONS_TABLE}`);
    return new Set(rows.map((r) => r.name));
  }
}
