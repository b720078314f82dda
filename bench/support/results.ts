import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes a benchmark's figures as `<kind>-<time>.json` into bench/results/ (or BENCH_RESULTS_DIR:
 * the smoke run of the test command keeps its toy figures out of there) and says where.
 */
export function writeResults(kind: string, figures: unknown): string {
  const dir = process.env.BENCH_RESULTS_DIR ?? join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(figures, null, 2));
  process.stdout.write(`\nresults written to ${file}\n`);
  return file;
}
