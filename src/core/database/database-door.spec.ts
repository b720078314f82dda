import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * One door to the database (docs/architecture.md, "The database door"): outside
 * src/core/database/, no source file runs SQL but through Db or a Tx of it. This names every
 * line of src/ (specs aside) that reaches Postgres another way: a `.query(` call, TypeORM's
 * DataSource or EntityManager injected or imported, or the pipelining internals of
 * src/core/database/pipeline/.
 */
const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

const OTHER_DOORS: Array<[RegExp, string]> = [
  [/\.query\s*[<(]/, 'runs SQL with .query()'],
  [/@InjectDataSource\(|@InjectEntityManager\(/, 'injects TypeORM'],
  [/import\s+(type\s+)?\{[^}]*\b(DataSource|EntityManager|QueryRunner)\b[^}]*\}\s+from\s+'typeorm'/, 'imports TypeORM'],
  [/from\s+'[./]*core\/database\/pipeline\//, 'imports the pipelining internals'],
];

/**
 * Files allowed another door, each with its reason. An entry for a file that no longer needs it
 * fails, so the list only shrinks.
 */
const ALLOWED: Record<string, string> = {
  // @nestjs/terminus's TypeORM ping check and the migrations the data source knows: the probe
  // asks TypeORM itself, and runs no SQL of ours.
  'src/health/readiness.service.ts': 'terminus pingCheck',
};

/** `line: why` of every other door in one source. */
export function otherDoors(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return; // a comment line
    for (const [pattern, why] of OTHER_DOORS) if (pattern.test(code)) found.push(`${i + 1}: ${why}`);
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the database door', () => {
  const found = new Map<string, string[]>();
  for (const path of sourceFiles(SRC).filter((p) => !p.startsWith(join(SRC, 'core', 'database') + sep))) {
    const hits = otherDoors(readFileSync(path, 'utf8'));
    if (hits.length > 0) found.set(relative(ROOT, path).split(sep).join('/'), hits);
  }

  it('recognises each other door, and not prose about one', () => {
    const sample = [
      "await m.query('SELECT 1');",
      '@InjectDataSource() private readonly db: DataSource,',
      "import { DataSource, EntityManager } from 'typeorm';",
      "import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';",
      ' * a comment that mentions this.db.query( and DataSource',
      '// m.query( in a line comment',
      'await this.db.rows(STATEMENT, [id]);',
    ].join('\n');
    expect(otherDoors(sample)).toEqual([
      '1: runs SQL with .query()',
      '2: injects TypeORM',
      '3: imports TypeORM',
      '4: imports the pipelining internals',
    ]);
  });

  it('has every statement of src/ go through Db (or a Tx of it)', () => {
    const misplaced = [...found].filter(([file]) => !(file in ALLOWED)).flatMap(([file, hits]) => hits.map((h) => `${file}:${h}`));
    expect(misplaced).toEqual([]);
  });

  it('allow-lists only files that still need it', () => {
    expect(Object.keys(ALLOWED).filter((file) => !found.has(file))).toEqual([]);
  });
});
