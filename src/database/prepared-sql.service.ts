import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * The hot-path queries of the machine plane (credential lookups, list reads, token inserts) as
 * named prepared statements on TypeORM's own pg pool: Postgres parses and plans each statement
 * once per connection instead of once per request, and no TypeORM QueryRunner is set up per
 * query. Everything else goes through TypeORM as usual. Statement names must be unique per text.
 */
@Injectable()
export class PreparedSql {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get pool(): Pool {
    return (this.db.driver as PostgresDriver).master as Pool;
  }

  async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const result = await this.pool.query<T & Record<string, unknown>>({ name, text, values });
    return result.rows;
  }
}
