import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../bench/support/results';
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
  it('writes a benchmark\'s figures as <kind>-<time>.json into BENCH_RESULTS_DIR when set (the smoke run\'s), else into bench/results/', () => {
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
