/**
 * Writes `.env.example` and the variables tables of docs/operations.md (between its
 * `<!-- config:begin -->` and `<!-- config:end -->` markers) from the declarations in
 * src/core/config/environment.ts.
 *
 *   npm run config:docs            rewrite both from the current source
 *   npm run config:docs -- --check exit 1 when either is stale (src/core/config/env-docs.spec.ts does the same)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDocFiles, REPOSITORY_ROOT, staleReport } from '../src/core/config/env-docs';

function main(argv: string[]): number {
  const check = argv.includes('--check');
  const stale = configDocFiles().filter((file) => file.actual !== file.expected);
  for (const file of stale) {
    if (check) process.stderr.write(`${staleReport(file)}\n`);
    else {
      writeFileSync(join(REPOSITORY_ROOT, file.path), file.expected);
      process.stdout.write(`wrote ${file.path}\n`);
    }
  }
  return check && stale.length > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
