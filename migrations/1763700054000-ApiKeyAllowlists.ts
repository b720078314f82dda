import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Allowlists on agk_ keys (API.md Part 3 "Operator API tokens and IP allowlists"; ADR 0262): the
 * CIDRs a key (and every token minted from it: access tokens, socket tokens) may be presented
 * from, in canonical text as the service writes them (the same form as api_tokens.allowed_ips).
 * Empty: any address. Set when the key is issued and never changed; a rotated key's successor
 * carries the same list. A constant default: no table rewrite (the check reads the rows once).
 */
export class ApiKeyAllowlists1763700054000 implements MigrationInterface {
  name = 'ApiKeyAllowlists1763700054000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_credentials ADD COLUMN allowed_ips text[] NOT NULL DEFAULT '{}',
        ADD CONSTRAINT api_credentials_allowed_ips_check CHECK (cardinality(allowed_ips) <= 20)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_credentials DROP COLUMN allowed_ips`);
  }
}
