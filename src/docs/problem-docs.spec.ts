import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROBLEM_STATUSES } from '../core/common/problem/problem-status';
import { PROBLEM_DOCS } from './problem-docs';

/** Every `slug: '...'` a source file declares for a problem type of its own. */
function declaredSlugs(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...declaredSlugs(path));
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/\bslug: '([a-z0-9-]+)'/g)) out.push(m[1]);
    }
  }
  return out;
}

describe('problem type pages', () => {
  it('document every problem type the service can answer', () => {
    const slugs = new Set([...Object.values(PROBLEM_STATUSES).map((r) => r.slug), ...declaredSlugs(join(__dirname, '..'))]);
    const missing = [...slugs].filter((s) => !Object.hasOwn(PROBLEM_DOCS, s));
    expect(missing).toEqual([]);
  });

  it('say the status each slug is answered with', () => {
    for (const [status, row] of Object.entries(PROBLEM_STATUSES)) expect(PROBLEM_DOCS[row.slug].status).toBe(Number(status));
  });
});
