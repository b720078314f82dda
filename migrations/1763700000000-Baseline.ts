import { MigrationInterface, QueryRunner } from 'typeorm';

/** Extensions and helpers every later migration relies on. */
export class Baseline1763700000000 implements MigrationInterface {
  name = 'Baseline1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
  }

  async down(): Promise<void> {
    // Extensions stay: other schemas in the database may use them.
  }
}
