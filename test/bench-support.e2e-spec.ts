import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../bench/support/results';
import { rssBaselineWindow } from '../bench/support/soak-baseline';
import { eventually } from './support/eventually';

/**
 * bench/support/register.js, the TypeScript hook every benchmark and its children run with: it
 * must run the project's TypeScript (decorators, parameter properties) and leave Node's `domain`
 * module unloaded, which ts-node loads and which slows every EventEmitter of the process
 * measured (bench/README.md finding 26).
 */
describe('bench/support/register.js', () => {
  const ROOT = join(__dirname, '..');
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bench-register-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (hook: string, source: string): { ran: string; loaded: string[] } => {
    const file = join(dir, `probe-${Math.random().toString(36).slice(2)}.ts`);
    writeFileSync(file, source);
    const out = execFileSync(process.execPath, ['-r', hook, file], { cwd: ROOT, encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').pop()!);
  };

  const PROBE = `
    const seen: string[] = [];
    function Tagged(tag: string) { return (target: Function) => { seen.push(tag + ':' + target.name); }; }
    @Tagged('service')
    class Probe { constructor(private readonly value: number) {} twice(): number { return this.value * 2; } }
    const ran = seen.join(',') + '=' + new Probe(21).twice();
    console.log(JSON.stringify({ ran, loaded: process.moduleLoadList.filter((m: string) => /\\b(domain|repl)$/.test(m)) }));
  `;

  it('runs TypeScript with decorators and parameter properties, without loading domain or repl', () => {
    expect(run(join(ROOT, 'bench', 'support', 'register.js'), PROBE)).toEqual({ ran: 'service:Probe=42', loaded: [] });
  });

  it('replaces ts-node, which loads both', () => {
    expect(run('ts-node/register/transpile-only', PROBE).loaded.sort()).toEqual(['NativeModule domain', 'NativeModule repl']);
  });

  it('reaps the children of a bench stopped by a signal (reapOnExit)', async () => {
    const file = join(dir, 'reaper.ts');
    writeFileSync(
      file,
      `import { spawn } from 'node:child_process';
       import { reapOnExit } from ${JSON.stringify(join(ROOT, 'bench', 'support', 'child'))};
       const child = reapOnExit(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
       console.log(child.pid);
       setInterval(() => {}, 1000);`,
    );
    const bench = spawn(process.execPath, ['-r', join(ROOT, 'bench', 'support', 'register.js'), file], { cwd: ROOT });
    const childPid = await new Promise<number>((resolve) => bench.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(childPid)).toBe(true);
    const exited = new Promise<number | null>((resolve) => bench.once('exit', (code) => resolve(code)));
    bench.kill('SIGTERM');
    expect(await exited).toBe(143);
    await eventually(() => expect(alive(childPid)).toBe(false), { timeoutMs: 3000, what: "the bench's child to be killed" });
  });

  it('is what every benchmark and bench script runs with', () => {
    const benchFiles = (sub: string): string[] =>
      readdirSync(join(ROOT, sub), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? benchFiles(join(sub, e.name)) : /\.(ts|js|sh)$/.test(e.name) ? [join(sub, e.name)] : [],
      );
    const scripts = Object.entries(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>);
    const offenders = [
      ...benchFiles('bench').filter((f) => readFileSync(join(ROOT, f), 'utf8').includes('ts-node/register')),
      ...scripts.filter(([name, cmd]) => name.startsWith('bench') && cmd.includes('ts-node/register')).map(([name]) => `npm run ${name}`),
    ];
    expect(offenders).toEqual([]);
    expect(readFileSync(join(ROOT, 'bench', 'run.sh'), 'utf8')).toContain('-r ./bench/support/register.js');
  });
});

describe('bench/support/results.ts', () => {
  it("writes a benchmark's figures as <kind>-<time>.json into BENCH_RESULTS_DIR when set (the smoke run's), else into bench/results/", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    const before = process.env.BENCH_RESULTS_DIR;
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      process.env.BENCH_RESULTS_DIR = dir;
      const file = writeResults('probe', { ratio: 0.5, rows: [1, 2] });
      expect(file.startsWith(join(dir, 'probe-'))).toBe(true);
      expect(readdirSync(dir)).toEqual([file.slice(dir.length + 1)]);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ratio: 0.5, rows: [1, 2] });
      expect(write).toHaveBeenCalledWith(`\nresults written to ${file}\n`);
      delete process.env.BENCH_RESULTS_DIR;
      const shipped = writeResults('probe-default', {});
      rmSync(shipped);
      expect(shipped.startsWith(join(__dirname, '..', 'bench', 'results', 'probe-default-'))).toBe(true);
    } finally {
      write.mockRestore();
      if (before === undefined) delete process.env.BENCH_RESULTS_DIR;
      else process.env.BENCH_RESULTS_DIR = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The soak's RSS baseline (bench/README.md findings 30 and 35), on the committed-heap medians
 * (MiB) per window of real runs: two warm-up windows (0 and 1), judged from window 2 on.
 */
describe('bench/support/soak-baseline.ts', () => {
  it('passes over a window in the trough after V8 gave its heap back, whose RSS would read the heap growing back as a leak', () => {
    // 2026-11-29 09:52: shrunk in the warm-up, grown back in window 3, flat after
    const run1 = [228.7, 146.7, 147.3, 207.9, 207.7, 206.8, 205.5, 205.5, 206.5, 206.6];
    expect(rssBaselineWindow(run1, 2, 9, 0.1)).toBe(3);
    // 2026-11-29 10:11: grown in window 2, shrunk in 3, grown back in 4
    const run2 = [238.2, 159.8, 238.8, 141.5, 204.5, 207.8, 205.5, 207.1, 207.3, 207.8];
    expect(rssBaselineWindow(run2, 2, 9, 0.1)).toBe(4);
  });

  it('passes over windows whose heap was larger than at the end, which would hide growth behind what the heap gave back', () => {
    const shrunkLate = [300, 310, 305, 298, 160, 158, 161, 159, 160, 162];
    expect(rssBaselineWindow(shrunkLate, 2, 9, 0.1)).toBe(4);
  });

  it("keeps the first window after the warm-up when it already has the last one's size", () => {
    expect(rssBaselineWindow([230, 200, 205, 206, 207, 210, 209, 211, 210, 208], 2, 9, 0.1)).toBe(2);
  });

  it('does not pass over a heap that grows to sizes it never had: that is growth, judged from where it began', () => {
    // growing all along, though the last windows are each within 10% of the next
    expect(rssBaselineWindow([100, 110, 120, 140, 160, 180, 200, 220, 240, 260], 2, 9, 0.1)).toBe(2);
    // a trough after the warm-up's shrink, then growth past the warm-up's size
    expect(rssBaselineWindow([230, 150, 160, 200, 240, 260, 280, 290, 295, 300], 2, 9, 0.1)).toBe(2);
    // the trough is passed over when the heap had the end's size before it (380 in the warm-up)...
    expect(rssBaselineWindow([380, 150, 160, 370, 385, 390, 395, 398, 399, 420], 2, 9, 0.1)).toBe(4);
    // ...and is the baseline when it had not (330): the end's size is new
    expect(rssBaselineWindow([330, 150, 160, 340, 350, 360, 380, 400, 410, 420], 2, 9, 0.1)).toBe(2);
  });
});
