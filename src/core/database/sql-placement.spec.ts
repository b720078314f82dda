import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * "SQL lives in repositories" (ADR 0053): every SQL statement in src/ sits in a
 * `*.repository.ts`, or in src/core/database/ (the plumbing). This scans the string and template
 * literals of every other source file (comments are not literals, so prose about a statement is
 * fine) and names the file and line of each statement it finds.
 */
const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

/**
 * Files allowed to keep SQL for now, each with its reason. Empty it: move the statements into the
 * feature's repository and delete the entry (an entry for a file with no SQL left fails, so the
 * list cannot go stale).
 */
const ALLOWED: Record<string, string> = {};

const SQL_STATEMENT = [/\bSELECT\s/, /\bINSERT\s+INTO\b/, /\bUPDATE\s+\w+(\s+\w+)?\s+SET\b/, /\bDELETE\s+FROM\b/, /\bSAVEPOINT\s/];

interface SqlHit {
  line: number;
  text: string;
}

/** SQL statements in the string and template literals of one TypeScript source. */
function sqlInLiterals(fileName: string, source: string): SqlHit[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const hits: SqlHit[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (text !== undefined && SQL_STATEMENT.some((re) => re.test(text))) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      hits.push({ line, text: node.getText(file).split('\n')[0] });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return hits;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const scanned = (path: string) =>
  !path.endsWith('.repository.ts') &&
  !path.endsWith('.spec.ts') &&
  !path.startsWith(join(SRC, 'core', 'database') + sep) &&
  !path.split(sep).includes('migrations');

describe('SQL placement', () => {
  const found = new Map<string, SqlHit[]>();
  for (const path of sourceFiles(SRC).filter(scanned)) {
    const hits = sqlInLiterals(path, readFileSync(path, 'utf8'));
    if (hits.length > 0) found.set(relative(ROOT, path).split(sep).join('/'), hits);
  }

  it('finds statements in literals and ignores comments', () => {
    const sample = [
      '// SELECT ... FOR UPDATE, a comment',
      "const a = db.query('SELECT 1');",
      'const b = `INSERT INTO t (a) VALUES ($1)`;',
      'const c = `UPDATE t x SET a = ${v} WHERE id = $1`;',
      "const d = 'DELETE FROM t';",
      "const e = 'select a plan'; // prose is lower case",
    ].join('\n');
    expect(sqlInLiterals('sample.ts', sample).map((h) => h.line)).toEqual([2, 3, 4, 5]);
  });

  it('has SQL only in repositories (and the allow-listed files)', () => {
    const misplaced = [...found]
      .filter(([file]) => !(file in ALLOWED))
      .flatMap(([file, hits]) => hits.map((h) => `${file}:${h.line}: ${h.text}`));
    expect(misplaced).toEqual([]);
  });

  it('allow-lists only files that still hold SQL', () => {
    expect(Object.keys(ALLOWED).filter((file) => !found.has(file))).toEqual([]);
  });
});
