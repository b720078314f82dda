import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_KEYS } from './app-config';

const ROOT = join(__dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Every variable the service reads is documented, and deployed by the compose file: none drifts. */
describe('environment variables', () => {
  it.each([
    ['.env.example', (v: string) => new RegExp(`^${v}=`, 'm')],
    ['docker/compose.yaml', (v: string) => new RegExp(`^  ${v}: `, 'm')],
    ['docs/operations.md', (v: string) => new RegExp(`\\| \`${v}\` \\|`)],
  ])('%s names every one', (file, pattern) => {
    const text = read(file);
    expect(ENV_KEYS.filter((v) => !pattern(v).test(text))).toEqual([]);
  });
});
