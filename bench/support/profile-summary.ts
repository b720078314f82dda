/**
 * Where a CPU profile (.cpuprofile, from `node --cpu-prof` or bench:sockets' BENCH_PROFILE_DIR)
 * spends its busy time: the functions with the most self time, and the inclusive share of the
 * functions named with --inclusive (their own time and everything they called, counted once per
 * sample however often they recur on its stack). Shares are of busy samples: idle, program and
 * garbage collection are shown apart.
 *
 *   node -r ./bench/support/register.js bench/support/profile-summary.ts <file.cpuprofile> \
 *     [--top 30] [--inclusive name,name,...] [--callers name [--depth 3]] [--callees name]
 *
 * --callers shows where the self time of one function comes from: its callers' stacks, --depth
 * frames up. --callees splits one function's inclusive time over what it calls directly.
 * --packages groups self time by where the code lives: a package under node_modules, a folder of
 * src/, Node's own JavaScript, or a native function by name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);
/** The inspector's own work when the profile was taken from inside the process (bench:sockets): not the program's. */
const isProfilerOverhead = (node: ProfileNode) => node.callFrame.functionName === 'post' && node.callFrame.url === 'node:inspector';

/** A frame as `function file:line`, paths shortened (CPU and heap profiles alike). */
export function frameName(node: Pick<ProfileNode, 'callFrame'>): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    ? url
        .replace(/^file:\/\//, '')
        .replace(/.*\/node_modules\//, '~/')
        .replace(/.*\/(src|bench|dist)\//, '$1/')
    : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

function packageOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  if (!url) return `(native) ${node.callFrame.functionName || '(anonymous)'}`;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(src|bench|dist)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url.startsWith('node:') ? 'node (JavaScript)' : url;
}

/**
 * The garbage collector's share of a profile's non-idle time (every sample but `(idle)`: the
 * program's JavaScript, native `(program)` time and collections), for a benchmark to print.
 */
export function gcShare(file: string): { gcMs: number; nonIdleMs: number; share: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const name = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let gc = 0;
  let nonIdle = 0;
  profile.samples.forEach((id, i) => {
    const t = profile.timeDeltas[i] ?? 0;
    const fn = name.get(id);
    if (fn === '(idle)') return;
    nonIdle += t;
    if (fn === '(garbage collector)') gc += t;
  });
  return { gcMs: gc / 1000, nonIdleMs: nonIdle / 1000, share: nonIdle > 0 ? gc / nonIdle : NaN };
}

function main(): void {
  const args = process.argv.slice(2);
  const file = args[0];
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top N] [--inclusive a,b]');
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args[i + 1];
  };
  const top = Number(option('--top') ?? 30);
  const inclusive = (option('--inclusive') ?? '').split(',').filter(Boolean);
  const callersOf = option('--callers');
  const callers = new Map<string, number>();
  const depth = Number(option('--depth') ?? 3);
  const calleesOf = option('--callees');
  const byPackage = args.includes('--packages');
  const packages = new Map<string, number>();
  const callees = new Map<string, number>();

  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const time = new Map<number, number>();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  const special = new Map<string, number>();
  const self = new Map<string, number>();
  const incl = new Map<string, number>(inclusive.map((name) => [name, 0]));
  for (const [id, t] of time) {
    total += t;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    if (IDLE.has(name) || isProfilerOverhead(node)) {
      const label = IDLE.has(name) ? name : '(profiler)';
      special.set(label, (special.get(label) ?? 0) + t);
      continue;
    }
    const label = frameName(node);
    self.set(label, (self.get(label) ?? 0) + t);
    if (byPackage) {
      const where = packageOf(node);
      packages.set(where, (packages.get(where) ?? 0) + t);
    }
    if (name === callersOf) {
      const stack: string[] = [];
      for (let cur = parent.get(id); cur !== undefined && stack.length < depth; cur = parent.get(cur))
        stack.push(frameName(byId.get(cur)!));
      const key = stack.join(' < ');
      callers.set(key, (callers.get(key) ?? 0) + t);
    }
    if (calleesOf) {
      // the outermost frame of `calleesOf` on this sample's stack, and the frame it called
      let below: number | undefined;
      let hit: string | undefined;
      for (let cur: number | undefined = id; cur !== undefined; below = cur, cur = parent.get(cur)) {
        if (byId.get(cur)!.callFrame.functionName === calleesOf) hit = below === undefined ? '(self)' : frameName(byId.get(below)!);
      }
      if (hit) callees.set(hit, (callees.get(hit) ?? 0) + t);
    }
    if (inclusive.length === 0) continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const fn = byId.get(cur)!.callFrame.functionName;
      if (incl.has(fn) && !seen.has(fn)) {
        seen.add(fn);
        incl.set(fn, incl.get(fn)! + t);
      }
    }
  }
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  const ms = (us: number) => (us / 1000).toFixed(1);
  const share = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  process.stdout.write(`${path.basename(file)}: ${ms(total)} ms sampled, busy ${ms(busy)} ms (${((100 * busy) / total).toFixed(0)}%)`);
  for (const [name, t] of special) process.stdout.write(`, ${name} ${ms(t)} ms`);
  process.stdout.write('\n\nself time, share of busy\n');
  for (const [label, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${share(t).padStart(7)} ${ms(t).padStart(8)} ms  ${label}\n`);
  }
  if (byPackage) {
    process.stdout.write('\nself time by where the code lives, share of busy\n');
    for (const [where, t] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${share(t).padStart(7)} ${ms(t).padStart(8)} ms  ${where}\n`);
    }
  }
  if (callersOf) {
    process.stdout.write(`\ncallers of ${callersOf}, share of busy\n`);
    for (const [stack, t] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${share(t).padStart(7)} ${ms(t).padStart(8)} ms  ${stack}\n`);
    }
  }
  if (calleesOf) {
    process.stdout.write(`\nwhat ${calleesOf} calls, inclusive, share of busy\n`);
    for (const [callee, t] of [...callees].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${share(t).padStart(7)} ${ms(t).padStart(8)} ms  ${callee}\n`);
    }
  }
  if (inclusive.length > 0) {
    process.stdout.write('\ninclusive, share of busy\n');
    for (const [name, t] of incl) process.stdout.write(`${share(t).padStart(7)} ${ms(t).padStart(8)} ms  ${name}\n`);
  }
}

if (require.main === module) main();
