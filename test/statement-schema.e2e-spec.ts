import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { t } from '../src/core/database/pg-types';
import { describeStatement } from '../src/core/database/pipeline/describe';
import { declaredStatements, type Statement, statement } from '../src/core/database/statement';
import { statementMismatches } from '../src/core/database/statement-check';

const SRC = join(__dirname, '..', 'src');

/** Every source file of the service that declares statements (statement() or a list's), loaded so that they register. */
function declaringModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return declaringModules(path);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.spec.ts')) return [];
    return /\b(statement|listStatements|scimListStatements|keysetStatement)\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/**
 * Every statement the service declares (statement.ts) against the real schema: Postgres parses
 * and describes each one (without running it), and its declared row columns, their types and its
 * parameters must be what Postgres says. A migration that renames or retypes a column fails here.
 */
describe('declared statements match the schema', () => {
  let client: Client;
  const typeNames = new Map<number, string>();
  const typeName = (oid: number) => typeNames.get(oid) ?? `oid ${oid}`;

  beforeAll(async () => {
    client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ oid: number; typname: string }>('SELECT oid::int AS oid, typname FROM pg_type');
    for (const r of rows) typeNames.set(r.oid, r.typname);
  });
  afterAll(() => client.end());

  const check = async (s: Statement): Promise<string[]> => {
    try {
      return statementMismatches(s, await describeStatement(client, s.text), typeName);
    } catch (err) {
      return [`${s.label}: Postgres refuses it: ${(err as Error).message}`];
    }
  };

  it('finds the declarations', () => {
    const files = declaringModules(SRC);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded for their side effect: each declaration registers
    for (const file of files) require(file);
    // a floor, so that a loader that finds nothing cannot pass: the machine plane's statements alone are more
    expect(declaredStatements().length).toBeGreaterThanOrEqual(files.length);
  });

  it('has every declared statement parse, with the declared columns and parameters', async () => {
    const problems: string[] = [];
    for (const s of declaredStatements()) problems.push(...(await check(s)));
    expect(problems).toEqual([]);
  });

  it('reports a column renamed by a migration, a retyped column and a missing parameter', async () => {
    const probe = statement({
      label: 'schema_probe_messages',
      text: 'SELECT m.id, m.body FROM messages m WHERE m.workspace_id = $1',
      params: [t.uuid],
      row: { id: t.uuid, body: t.text },
    });
    expect(await check(probe)).toEqual([]);
    await client.query('BEGIN');
    try {
      await client.query('ALTER TABLE messages RENAME COLUMN body TO body_text');
      expect(await check(probe)).toEqual([
        expect.stringMatching(/^schema_probe_messages: Postgres refuses it: column m.body does not exist/),
      ]);
    } finally {
      await client.query('ROLLBACK');
    }
    const retyped = statement({
      label: 'schema_probe_retyped',
      text: 'SELECT 1::int AS n, $1::text AS s',
      params: [t.uuid],
      row: { n: t.text, s: t.text },
    });
    expect(await check(retyped)).toEqual([
      'schema_probe_retyped: column n is int4, declared as one of text/varchar/bpchar/name/citext',
      'schema_probe_retyped: parameter $1 is text, declared as one of uuid',
    ]);
    const renamedAlias = statement({
      label: 'schema_probe_alias',
      text: 'SELECT 1::int AS count',
      params: [t.uuid],
      row: { total: t.int },
    });
    expect(await check(renamedAlias)).toEqual([
      'schema_probe_alias: declares columns (total) but Postgres returns (count)',
      'schema_probe_alias: declares 1 parameters but its text has 0',
    ]);
  });
});
