import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * refuse_if(reason): raises (SQLSTATE P0001, the reason as its message) when `reason` is not null,
 * else returns true. Lets a single statement refuse and abort its transaction, so that a COMMIT
 * sent right behind it in the same write rolls back instead of committing (the end of an
 * enrollment claim, ADR 0074).
 */
export class RefuseIf1763700042000 implements MigrationInterface {
  name = 'RefuseIf1763700042000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION refuse_if(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        IF reason IS NOT NULL THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
        END IF;
        RETURN true;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS refuse_if(text)`);
  }
}
