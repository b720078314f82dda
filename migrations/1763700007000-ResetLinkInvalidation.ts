import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SPEC.md (Effects that hold 5): changing the account email or suspending the account
 * invalidates outstanding reset links. A trigger deletes them on either change, whichever code
 * path (or console) makes it, so undoing the change cannot revive them.
 */
export class ResetLinkInvalidation1763700007000 implements MigrationInterface {
  name = 'ResetLinkInvalidation1763700007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION invalidate_reset_links() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email IS DISTINCT FROM OLD.email OR (NEW.status = 'suspended' AND OLD.status IS DISTINCT FROM 'suspended') THEN
          DELETE FROM password_reset_tokens WHERE user_id = NEW.id;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_invalidate_reset_links AFTER UPDATE OF email, status ON users
      FOR EACH ROW EXECUTE FUNCTION invalidate_reset_links()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS users_invalidate_reset_links ON users`);
    await q.query(`DROP FUNCTION IF EXISTS invalidate_reset_links()`);
  }
}
