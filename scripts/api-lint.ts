/**
 * The API lint: Spectral over the OpenAPI and AsyncAPI documents of the current source, with the
 * ruleset in .spectral.yaml (every rule switched off there says why).
 *
 *   npm run lint:api          exit 1 on any finding, warnings included
 *
 * No server, database or Redis is needed: the OpenAPI document comes from the app in Nest's
 * preview mode (as the SDK's types do), the AsyncAPI one from the socket protocol's constants.
 * test/api-lint.e2e-spec.ts runs the same lint in the test command.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncApiDocument } from '../src/gateway/asyncapi';
import { previewDocument, SDK_DOCUMENT_BASE_URL } from './sdk-openapi';

const ROOT = join(__dirname, '..');
const SPECTRAL = join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');

export interface ApiLintResult {
  /** 0 when both documents are clean. */
  status: number;
  /** Spectral's findings, one per line (`file:line:col severity rule "message"`), or its error. */
  output: string;
}

export async function lintApiDocuments(): Promise<ApiLintResult> {
  const dir = mkdtempSync(join(tmpdir(), 'api-lint-'));
  try {
    const openapi = join(dir, 'openapi.json');
    const asyncapi = join(dir, 'asyncapi.json');
    writeFileSync(openapi, JSON.stringify(await previewDocument(), null, 2));
    writeFileSync(asyncapi, JSON.stringify(asyncApiDocument(SDK_DOCUMENT_BASE_URL), null, 2));
    const run = spawnSync(
      process.execPath,
      [SPECTRAL, 'lint', '--ruleset', join(ROOT, '.spectral.yaml'), '--fail-severity', 'hint', '--format', 'text', openapi, asyncapi],
      { cwd: dir, encoding: 'utf8', timeout: 120_000 },
    );
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.split(dir).join('').trim();
    return { status: run.status ?? 1, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  lintApiDocuments().then(
    ({ status, output }) => {
      process.stdout.write(`${output || 'No findings: both API documents are clean.'}\n`);
      process.exit(status);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
