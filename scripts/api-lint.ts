/**
 * The API lint: Spectral over the OpenAPI and AsyncAPI documents of the current source, with the
 * ruleset in .spectral.yaml, and Redocly over the OpenAPI document, with redocly.yaml (every rule
 * switched off in either says why).
 *
 *   npm run lint:api          exit 1 on any finding of either, warnings included
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
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

export interface ApiLintResult {
  /** 0 when the documents are clean. */
  status: number;
  /** The findings, one per line, or the linter's error. */
  output: string;
}

export interface ApiLintResults {
  /** Spectral's findings (`file:line:col severity rule "message"`). */
  spectral: ApiLintResult;
  /** Redocly's findings in the OpenAPI document (`severity rule pointer message`). */
  redocly: ApiLintResult;
}

export async function lintApiDocuments(): Promise<ApiLintResults> {
  const dir = mkdtempSync(join(tmpdir(), 'api-lint-'));
  try {
    const openapi = join(dir, 'openapi.json');
    const asyncapi = join(dir, 'asyncapi.json');
    writeFileSync(openapi, JSON.stringify(await previewDocument(), null, 2));
    writeFileSync(asyncapi, JSON.stringify(asyncApiDocument(SDK_DOCUMENT_BASE_URL), null, 2));
    return { spectral: spectral(dir, [openapi, asyncapi]), redocly: redocly(dir, openapi) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spectral(dir: string, files: string[]): ApiLintResult {
  const run = spawnSync(
    process.execPath,
    [SPECTRAL, 'lint', '--ruleset', join(ROOT, '.spectral.yaml'), '--fail-severity', 'hint', '--format', 'text', ...files],
    { cwd: dir, encoding: 'utf8', timeout: 120_000 },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.split(dir).join('').trim();
  return { status: run.status ?? 1, output };
}

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

/** Redocly exits 0 with warnings alone; here a warning fails too, as in Spectral's lint. */
function redocly(dir: string, file: string): ApiLintResult {
  const run = spawnSync(
    process.execPath,
    [REDOCLY, 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000', file],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  let report: RedoclyReport;
  try {
    report = JSON.parse(run.stdout) as RedoclyReport;
  } catch {
    return { status: run.status || 1, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.split(dir).join('').trim() };
  }
  const { errors, warnings } = report.totals;
  const lines = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''} ${p.message}`);
  return { status: errors + warnings === 0 ? 0 : 1, output: [...lines, `${errors} errors, ${warnings} warnings`].join('\n') };
}

if (require.main === module) {
  lintApiDocuments().then(
    ({ spectral, redocly }) => {
      process.stdout.write(
        `Spectral (OpenAPI, AsyncAPI):\n${spectral.output || 'No findings.'}\n\nRedocly (OpenAPI):\n${redocly.output}\n`,
      );
      process.exit(spectral.status || redocly.status);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
