import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(240_000);

const ROOT = join(__dirname, '..');
const DOCKERFILE = readFileSync(join(ROOT, 'docker', 'Dockerfile'), 'utf8');

/** The instructions of one stage of the Dockerfile (`FROM ... AS <name>` up to the next FROM). */
function stage(name: string): string[] {
  const lines = DOCKERFILE.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^FROM \\S+ AS ${name}$`).test(l.trim()));
  if (start === -1) throw new Error(`no stage ${name} in docker/Dockerfile`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('FROM '));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((l) => l.trim() && !l.trim().startsWith('#'));
}

/**
 * No Docker engine runs here, so the image is not built; what can go wrong in it without Docker
 * is checked instead: the build stage's `npm run build`, run on exactly the files its COPY lines
 * bring in (the committed lock's node_modules stand in for its `npm ci`), must produce what the
 * runtime stage starts. A build script that reads a file the stage does not copy (the SDK's
 * tsconfig, once) fails here.
 */
describe('docker/Dockerfile', () => {
  it('the build stage compiles from only the files it copies, and yields what the runtime stage runs', () => {
    const build = stage('build');
    const copies = build.filter((l) => l.startsWith('COPY ') && !l.includes('--from'));
    expect(copies.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'dockerfile-build-'));
    try {
      for (const line of copies) {
        const parts = line.trim().split(/\s+/).slice(1);
        const dest = parts.pop()!;
        for (const source of parts) {
          const target = dest.endsWith('/') || parts.length > 1 ? join(dir, dest, source) : join(dir, dest);
          cpSync(join(ROOT, source), target, { recursive: true });
        }
      }
      expect(build.some((l) => l.includes('npm ci'))).toBe(true);
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const run = build.find((l) => l.startsWith('RUN npm run build'));
      expect(run).toBeDefined();
      execFileSync('npm', ['run', '--silent', 'build'], { cwd: dir, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });

      // what the stage's own check and the runtime stage need
      expect(existsSync(join(dir, 'dist', 'main.js'))).toBe(true);
      expect(existsSync(join(dir, 'dist', 'core', 'database', 'migrate.js'))).toBe(true);
      expect(readdirSync(join(dir, 'dist', 'migrations')).some((f) => f.endsWith('.js'))).toBe(true);
      const runtime = stage('runtime');
      expect(runtime).toContain('COPY --from=build /app/dist ./dist');
      expect(runtime).toContain('CMD ["node", "dist/main.js"]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pins the Node.js release the project runs (.nvmrc)', () => {
    const nvmrc = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
    expect(DOCKERFILE).toContain(`ARG NODE_IMAGE=node:${nvmrc}-bookworm-slim`);
  });
});
