import { MigrationInterface, QueryRunner } from 'typeorm';

/** Security violations join the observability search: a generated tsvector and its GIN index. */
export class SearchSecurityViolations1763700041000 implements MigrationInterface {
  name = 'SearchSecurityViolations1763700041000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE security_violations ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', replace(kind, '_', ' ') || ' ' || severity), 'A')
        || setweight(jsonb_to_tsvector('simple', detail, '["string"]'), 'B')
      ) STORED`);
    await q.query(`CREATE INDEX security_violations_search_idx ON security_violations USING gin (search)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE security_violations DROP COLUMN IF EXISTS search`);
  }
}
