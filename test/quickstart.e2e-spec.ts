import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
const QUICKSTART = join(ROOT, 'docs', 'quickstart.md');
const NOT_RUN = /^<!--\s*quickstart:\s*not run\b.*-->$/;

/** The page's ```sh blocks in order (list items' indented ones too), but those marked as not run. */
function shellBlocks(markdown: string): string[] {
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```sh\s*$/.exec(lines[i]);
    if (!open) {
      if (lines[i].trim()) previous = lines[i].trim();
      continue;
    }
    const end = lines.findIndex((l, n) => n > i && l.trim() === '```');
    const body = lines.slice(i + 1, end).map((l) => (l.startsWith(open[1]) ? l.slice(open[1].length) : l));
    if (!NOT_RUN.test(previous)) blocks.push(body.join('\n'));
    previous = '```';
    i = end;
  }
  return blocks;
}

/** Replaces the one line of the script that sets the reader's `setting` (`NAME=value`, maybe a comment after) by the test's value. */
function setVariable(script: string, setting: string, value: string): string {
  const name = setting.split('=')[0];
  const pattern = new RegExp(`^${setting.replace(/[$()]/g, '\\$&')}(\\s+#.*)?$`, 'gm');
  expect({ setting, lines: script.match(pattern)?.length }).toEqual({ setting, lines: 1 });
  return script.replace(pattern, `${name}=${value}`);
}

/** bash -c in the checkout's root, in a process group of its own (killed with what it left in the background). */
function bash(script: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(kill, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      kill();
      resolve({ code, stdout, stderr });
    });
  });
}

/** docs/quickstart.md, run as printed: every shell step in order, in one shell, against a test service. */
describe('docs/quickstart.md runs as printed', () => {
  let t: TestApp;
  let base: string;
  let work: string;
  const email = `quickstart-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({ env: { PLATFORM_ADMIN_EMAILS: email } });
    base = await t.listen();
    work = await mkdtemp(join(tmpdir(), 'quickstart-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await t.close();
  });

  it('the SDK robot it prints is scripts/quickstart-robot.ts, which the steps run', async () => {
    const page = await readFile(QUICKSTART, 'utf8');
    const ts = [...page.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    expect(ts).toEqual([await readFile(join(ROOT, 'scripts', 'quickstart-robot.ts'), 'utf8')]);
    expect(shellBlocks(page).join('\n')).toContain('scripts/quickstart-robot.ts');
  });

  it('signs up, claims a robot that opens its socket and answers a command, on curl and on the SDK; runs the simulator; moves to a larger plan', async () => {
    const blocks = shellBlocks(await readFile(QUICKSTART, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(9);
    let script = blocks.map((block, n) => `echo '### step ${n + 1}' >&2\n${block}`).join('\n');
    script = setVariable(script, 'BASE=http://localhost:4000', base);
    script = setVariable(script, 'EMAIL=you@example.com', email);
    script = setVariable(script, 'WORK=$(mktemp -d)', work);
    const run = await bash(`set -euo pipefail\n${script}`, 150_000);
    const output = `${run.stdout}\n${run.stderr}`;
    expect({ code: run.code, output }).toEqual({ code: 0, output });

    const json = async (file: string) => JSON.parse(await readFile(join(work, file), 'utf8'));
    const register = await json('register.json');
    expect(register.workspace).toMatchObject({ plan: 'free', status: 'active' });
    expect(run.stdout).toContain(`302 ${base}/app\n`);

    // Both robots' commands finished with what each robot answered.
    const commands: { id: string; status: string; result: unknown }[] = (await json('commands.json')).agent_commands;
    const outcome = async (file: string) => {
      const id = (await json(file)).agent_command.id;
      return commands.find((c) => c.id === id);
    };
    expect(await outcome('command.json')).toMatchObject({ status: 'succeeded', result: { pong: { hello: 'robot' } } });
    expect(await outcome('command_2.json')).toMatchObject({ status: 'succeeded', result: { pong: { hello: 'sdk' } } });
    const robotLog = await readFile(join(work, 'robot.log'), 'utf8');
    expect(robotLog).toMatch(/^ready as agent [0-9a-f-]{36}$/m);
    expect(robotLog).toMatch(/^answered ping [0-9a-f-]{36}$/m);
    expect((await stat(join(work, 'sdk-robot', 'credentials.json'))).mode & 0o777).toBe(0o600);

    // The simulator's default fleet fitted the free workspace beside the two robots.
    expect(run.stdout).toMatch(/claims: {4}5 claimed, 0 reused, 0 failed/);
    expect(run.stdout).toMatch(/commands: {2}5 sent, 5 succeeded, 0 failed, 0 unanswered/);

    // The larger plan, as the platform administrator the page made of the reader.
    expect((await json('workspace.json')).workspace).toMatchObject({ id: register.workspace.id, plan: 'team' });
  }, 180_000);
});
