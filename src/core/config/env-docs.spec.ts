import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import {
  CONFIG_BEGIN,
  CONFIG_END,
  configDocFiles,
  renderConfigTables,
  renderEnvExample,
  REPOSITORY_ROOT,
  spliceConfigTables,
  staleReport,
} from './env-docs';
import { ENV_KEYS, EnvironmentVariables } from './environment';

const read = (path: string) => readFileSync(join(REPOSITORY_ROOT, path), 'utf8');

/** Every variable the service reads is declared once (environment.ts), and what restates them is written from that. */
describe('environment variables', () => {
  it.each(configDocFiles())('$path is what the declarations write', (file) => {
    if (file.actual !== file.expected) throw new Error(staleReport(file));
  });

  it('docker/compose.yaml deploys every one', () => {
    const compose = read('docker/compose.yaml');
    expect(ENV_KEYS.filter((v) => !new RegExp(`^  ${v}: `, 'm').test(compose))).toEqual([]);
  });

  it('declares each validated field with @Env, once, and nothing else', () => {
    const validated = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(EnvironmentVariables, '', true, false)
        .map((m) => m.propertyName),
    );
    expect([...ENV_KEYS].sort()).toEqual([...validated].sort());
    expect(new Set(ENV_KEYS).size).toBe(ENV_KEYS.length);
  });

  it('writes the default from the field, the range from the validators, and the production rule and doc from @Env', () => {
    const tables = renderConfigTables();
    expect(tables).toContain('| `PORT` | `4000` | 0 to 65535 |  | HTTP port. |');
    expect(tables).toContain('| `DATABASE_URL` | (required) | `postgres://` or `postgresql://` URLs |  |');
    expect(tables).toContain('| `MAIL_TRANSPORT` | `memory`; `smtp` in production | `memory` or `smtp` | `memory` is refused. |');
    expect(tables).toContain('| `ACCESS_TOKEN_TTL_SECONDS` | `2592000` (30 days) | 1 to 2592000 seconds | Must be 2592000 (30 days). |');
    expect(tables).toMatch(/^### Webhooks and payment events\n\nSee \[webhooks\.md\]\(webhooks\.md\) for what they do\.\n\n\| Variable/m);
    const example = renderEnvExample();
    const unwrapped = example.replace(/\n# /g, ' ');
    expect(example).toMatch(/# HTTP port\. Accepts 0 to 65535\.\nPORT=4000\n/);
    expect(unwrapped).toMatch(/Default: `memory`; `smtp` in production\. Production: `memory` is refused\.\nMAIL_TRANSPORT=\n/);
    expect(example.split('\n').filter((line) => line.startsWith('#') && line.length > 100)).toEqual([]);
  });

  it('replaces only what lies between the markers, and refuses a file without them', () => {
    const doc = `# Ops\n\nhand-written\n\n${CONFIG_BEGIN}\nold table\n${CONFIG_END}\n\nmore prose\n`;
    expect(spliceConfigTables(doc, 'new table\n')).toBe(
      `# Ops\n\nhand-written\n\n${CONFIG_BEGIN}\nnew table\n${CONFIG_END}\n\nmore prose\n`,
    );
    expect(() => spliceConfigTables('# Ops\n', 'x')).toThrow(/config:begin/);
  });

  it('finds a stale file', () => {
    const root = mkdtempSync(join(tmpdir(), 'env-docs-'));
    writeFileSync(join(root, '.env.example'), renderEnvExample().replace('PORT=4000', 'PORT=5000'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'operations.md'), spliceConfigTables(read('docs/operations.md'), renderConfigTables()));
    const stale = configDocFiles(root).filter((file) => file.actual !== file.expected);
    expect(stale.map((file) => file.path)).toEqual(['.env.example']);
  });
});
