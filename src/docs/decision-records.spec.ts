import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The decision records in docs/decisions/ (one file per decision, listed in its README.md) and
 * the citations of them elsewhere stay consistent: this is what docs/decisions/README.md promises
 * about them.
 */
const ROOT = join(__dirname, '..', '..');
const DECISIONS = 'docs/decisions';
/** Where records are cited from. */
const CITING_ROOTS = ['README.md', 'docs', 'src', 'test', 'bench', 'scripts', 'sdk', 'migrations', 'docker'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'results', 'builds', 'generated', '.data', '.tools']);
const TEXT_FILE = /\.(ts|js|cjs|mjs|md|sh|ya?ml|json|sql)$|(^|\/)Dockerfile[^/]*$/;

const RECORD_FILE = /^(\d{4})-[a-z0-9]+(-[a-z0-9]+)*\.md$/;
const NOT_RECORDS = new Set(['README.md', 'template.md']);
const LINK = /\[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)/g;
const STATUS = /^(accepted|superseded by \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\))((; supersedes \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))*)$/;
const INDEX_ROW = /^\| \[(\d{4})\]\(([^)]*)\) \| (.+) \| (.+) \|$/;
/** The one file these records replaced: nothing may point at it any more. */
const OLD_FILE = new RegExp(['decisions', 'md'].join('\\.'));

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
const isDate = (s: string) => {
  const time = Date.parse(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(s);
};

interface Row {
  file: string;
  title: string;
  status: string;
}

/**
 * Everything wrong with a set of records and the files that cite them, as one line each; empty
 * when nothing is. `dir` maps the names of the files in docs/decisions/ to their text (README.md
 * included); `citing` maps the paths of the files that may cite a record to theirs.
 */
function decisionRecordProblems(dir: ReadonlyMap<string, string>, citing: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const records = new Map<string, string>(); // number -> file name
  for (const name of [...dir.keys()].sort()) {
    if (NOT_RECORDS.has(name)) continue;
    const m = RECORD_FILE.exec(name);
    if (!m) problems.push(`${name}: not named NNNN-short-title.md`);
    else if (records.has(m[1])) problems.push(`${name}: number ${m[1]} is taken by ${records.get(m[1])}`);
    else records.set(m[1], name);
  }
  const numbers = [...records.keys()].sort();
  numbers.forEach((n, i) => {
    const expected = String(i + 1).padStart(4, '0');
    if (n !== expected) problems.push(`${records.get(n)}: numbers are not contiguous (expected ${expected} here)`);
  });

  const index = dir.get('README.md') ?? '';
  if (!dir.has('README.md')) problems.push('README.md: the index is missing');
  const rows = new Map<string, Row>();
  for (const line of index.split('\n')) {
    const m = INDEX_ROW.exec(line);
    if (!m) continue;
    const [, n, file, title, status] = m;
    if (rows.has(n)) problems.push(`README.md: ${n} is listed twice`);
    rows.set(n, { file, title, status });
    if (!dir.has(file)) problems.push(`README.md: ${n} names ${file}, which does not exist`);
    else if (!file.startsWith(`${n}-`)) problems.push(`README.md: ${n} names ${file}, another number's file`);
  }

  const statusOf = new Map<string, string>();
  for (const [n, name] of records) {
    const text = dir.get(name)!;
    const heading = new RegExp(`^# ${n}\\. (.+)\n`).exec(text);
    if (!heading) problems.push(`${name}: does not start with "# ${n}. Title"`);
    const field = (key: string) => new RegExp(`^- ${key}: (.+)$`, 'm').exec(text)?.[1];
    const status = field('Status');
    const date = field('Date');
    if (!status) problems.push(`${name}: no Status`);
    else if (!STATUS.test(status)) problems.push(`${name}: Status is neither "accepted" nor "superseded by [NNNN](...)": ${status}`);
    else statusOf.set(n, status);
    if (!date) problems.push(`${name}: no Date`);
    else if (!isDate(date)) problems.push(`${name}: Date is not a YYYY-MM-DD date: ${date}`);
    if (!field('Area')) problems.push(`${name}: no Area`);
    for (const section of ['Context', 'Decision']) {
      const body = new RegExp(`^## ${section}\n\n(?!#)\\S`, 'm').exec(text);
      if (!body) problems.push(`${name}: no ${section} section, or an empty one`);
    }
    const context = text.indexOf('\n## Context\n');
    const decision = text.indexOf('\n## Decision\n');
    if (context >= 0 && decision >= 0 && context > decision) problems.push(`${name}: Context must come before Decision`);
    for (const [, linked, file] of text.matchAll(LINK)) {
      if (records.get(linked) !== file) problems.push(`${name}: links to ${file}, which is not record ${linked}`);
    }
    const row = rows.get(n);
    if (!row) problems.push(`README.md: ${name} is not in the index`);
    else {
      if (row.file !== name) problems.push(`README.md: ${n} links to ${row.file}, not ${name}`);
      if (heading && row.title !== heading[1]) problems.push(`README.md: ${n}'s title is "${row.title}", the record's "${heading[1]}"`);
      if (status && row.status !== status) problems.push(`README.md: ${n}'s status is "${row.status}", the record's "${status}"`);
    }
  }

  // Superseding goes both ways: the old record names its successor, the successor names it.
  for (const [n, status] of statusOf) {
    const by = STATUS.exec(status)![2];
    if (by && !records.has(by)) problems.push(`${records.get(n)}: superseded by ${by}, which does not exist`);
    else if (by && !(statusOf.get(by) ?? '').includes(`supersedes [${n}]`))
      problems.push(`${records.get(n)}: superseded by ${by}, whose status does not say "supersedes [${n}]"`);
    for (const [, old] of status.matchAll(/supersedes \[(\d{4})\]/g)) {
      if (!(statusOf.get(old) ?? '').startsWith(`superseded by [${n}]`))
        problems.push(`${records.get(n)}: supersedes ${old}, whose status does not say "superseded by [${n}]"`);
    }
  }

  for (const [path, text] of citing) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const where = `${path}:${i + 1}`;
      if (OLD_FILE.test(line)) problems.push(`${where}: cites the old decisions file; cite a record (ADR NNNN) instead`);
      for (const [, n] of line.matchAll(/\bADRs? (\d{4})\b/g)) {
        if (!records.has(n)) problems.push(`${where}: cites ADR ${n}, which does not exist`);
      }
      for (const [, n, slug] of line.matchAll(/decisions\/(\d{4})(-[a-z0-9-]+\.md)?/g)) {
        if (!records.has(n)) problems.push(`${where}: cites decision record ${n}, which does not exist`);
        else if (slug && records.get(n) !== n + slug) problems.push(`${where}: cites ${n}${slug}, but record ${n} is ${records.get(n)}`);
      }
    });
  }
  return problems;
}

/** The text files under `path` (a file or a folder, relative to the repository), by path. */
function textFiles(path: string, out = new Map<string, string>()): Map<string, string> {
  const full = join(ROOT, path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return out;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(full)) if (!SKIP_DIRS.has(name)) textFiles(join(path, name), out);
  } else if (TEXT_FILE.test(path)) {
    out.set(path.split(sep).join('/'), readFileSync(full, 'utf8'));
  }
  return out;
}

describe('decision records (docs/decisions/)', () => {
  it('are all indexed, numbered 0001 on without gaps, complete, and cited only where they exist', () => {
    const dir = new Map(readdirSync(join(ROOT, DECISIONS)).map((name) => [name, readFileSync(join(ROOT, DECISIONS, name), 'utf8')]));
    const citing = new Map<string, string>();
    for (const root of CITING_ROOTS) textFiles(root, citing);
    // This spec's fixtures cite records that do not exist, on purpose.
    citing.delete(relative(ROOT, __filename).split(sep).join('/'));
    expect(citing.size).toBeGreaterThan(100);
    expect(decisionRecordProblems(dir, citing)).toEqual([]);
  });

  describe('the check fails when', () => {
    const record = (n: string, title: string, status = 'accepted', body = 'Why.') =>
      `# ${n}. ${title}\n\n- Status: ${status}\n- Date: 2026-11-21\n- Area: Tests\n\n## Context\n\n${body}\n\n## Decision\n\nWhat.\n`;
    const row = (n: string, file: string, title: string, status = 'accepted') => `| [${n}](${file}) | ${title} | ${status} |`;
    const index = (...rows: string[]) => `# Index\n\n| Record | Decision | Status |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
    /** Two records, indexed, the second superseding the first: no problem at all. */
    const good = () =>
      new Map([
        [
          'README.md',
          index(
            row('0001', '0001-one.md', 'One', 'superseded by [0002](0002-two.md)'),
            row('0002', '0002-two.md', 'Two', 'accepted; supersedes [0001](0001-one.md)'),
          ),
        ],
        ['template.md', '# NNNN. Title\n'],
        ['0001-one.md', record('0001', 'One', 'superseded by [0002](0002-two.md)')],
        ['0002-two.md', record('0002', 'Two', 'accepted; supersedes [0001](0001-one.md)')],
      ]);
    const problems = (dir: Map<string, string>, citing: Record<string, string> = {}) =>
      decisionRecordProblems(dir, new Map(Object.entries(citing)));

    it('passes the good fixture (so each case below fails for its own reason)', () => {
      expect(problems(good(), { 'src/a.ts': '// ADR 0001 and ADR 0002, docs/decisions/0002-two.md' })).toEqual([]);
    });

    it('a record is missing from the index', () => {
      const dir = good();
      dir.set('0003-three.md', record('0003', 'Three'));
      expect(problems(dir)).toEqual(['README.md: 0003-three.md is not in the index']);
    });

    it('the index names a file that does not exist', () => {
      const dir = good();
      dir.set('README.md', dir.get('README.md') + row('0003', '0003-three.md', 'Three') + '\n');
      expect(problems(dir)).toEqual(['README.md: 0003 names 0003-three.md, which does not exist']);
    });

    it('two records share a number', () => {
      const dir = good();
      dir.set('0002-other.md', record('0002', 'Other'));
      expect(problems(dir)).toContain('0002-two.md: number 0002 is taken by 0002-other.md');
    });

    it('the numbers have a gap', () => {
      const dir = good();
      dir.set('0004-four.md', record('0004', 'Four'));
      dir.set('README.md', dir.get('README.md') + row('0004', '0004-four.md', 'Four') + '\n');
      expect(problems(dir)).toEqual(['0004-four.md: numbers are not contiguous (expected 0003 here)']);
    });

    it('a file is not named like a record', () => {
      const dir = good();
      dir.set('notes.md', 'x');
      expect(problems(dir)).toEqual(['notes.md: not named NNNN-short-title.md']);
    });

    it.each([
      ['Status', /^- Status: .*\n/m, '0002-two.md: no Status'],
      ['Date', /^- Date: .*\n/m, '0002-two.md: no Date'],
      ['Context', /## Context\n\nWhy.\n\n/, '0002-two.md: no Context section, or an empty one'],
      ['Decision', /## Decision\n\nWhat.\n/, '0002-two.md: no Decision section, or an empty one'],
      ['Decision text', /What.\n/, '0002-two.md: no Decision section, or an empty one'],
    ])('a record lacks its %s', (_field, cut, expected) => {
      const dir = good();
      dir.set('0002-two.md', dir.get('0002-two.md')!.replace(cut, ''));
      expect(problems(dir)).toContain(expected);
    });

    it('a Date is not a date', () => {
      const dir = good();
      dir.set('0002-two.md', dir.get('0002-two.md')!.replace('2026-11-21', '2026-13-01'));
      expect(problems(dir)).toEqual(['0002-two.md: Date is not a YYYY-MM-DD date: 2026-13-01']);
    });

    it('a superseded record names a successor that does not exist', () => {
      const dir = good();
      const status = 'superseded by [0003](0003-three.md)';
      dir.set('0001-one.md', record('0001', 'One', status));
      dir.set('README.md', index(row('0001', '0001-one.md', 'One', status), row('0002', '0002-two.md', 'Two', 'accepted')));
      dir.set('0002-two.md', record('0002', 'Two'));
      expect(problems(dir)).toEqual([
        '0001-one.md: links to 0003-three.md, which is not record 0003',
        '0001-one.md: superseded by 0003, which does not exist',
      ]);
    });

    it('a successor does not say what it supersedes', () => {
      const dir = good();
      dir.set('0002-two.md', record('0002', 'Two'));
      dir.set(
        'README.md',
        index(row('0001', '0001-one.md', 'One', 'superseded by [0002](0002-two.md)'), row('0002', '0002-two.md', 'Two')),
      );
      expect(problems(dir)).toEqual(['0001-one.md: superseded by 0002, whose status does not say "supersedes [0001]"']);
    });

    it("the index's title or status differs from the record's", () => {
      const dir = good();
      dir.set(
        'README.md',
        index(row('0001', '0001-one.md', 'Uno', 'accepted'), row('0002', '0002-two.md', 'Two', 'accepted; supersedes [0001](0001-one.md)')),
      );
      expect(problems(dir)).toEqual([
        `README.md: 0001's title is "Uno", the record's "One"`,
        `README.md: 0001's status is "accepted", the record's "superseded by [0002](0002-two.md)"`,
      ]);
    });

    it('a citation names a record that does not exist', () => {
      expect(problems(good(), { 'src/a.ts': ' * (ADR 0003)', 'docs/b.md': 'see [x](decisions/0007-seven.md)' })).toEqual([
        'src/a.ts:1: cites ADR 0003, which does not exist',
        'docs/b.md:1: cites decision record 0007, which does not exist',
      ]);
    });

    it("a citation's file name is not the record's", () => {
      expect(problems(good(), { 'bench/README.md': 'x\n(docs/decisions/0002-old-title.md)' })).toEqual([
        'bench/README.md:2: cites 0002-old-title.md, but record 0002 is 0002-two.md',
      ]);
    });

    it('anything still cites the old decisions file', () => {
      const old = ['docs/decisions', 'md'].join('.');
      expect(problems(good(), { 'src/a.ts': `// (${old}, "WebSocket")` })).toEqual([
        'src/a.ts:1: cites the old decisions file; cite a record (ADR NNNN) instead',
      ]);
    });
  });
});
