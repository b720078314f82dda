/**
 * Where the service allocates per request on one machine read, garbage included: what a GC share
 * in a CPU profile comes from. Two modes:
 *
 *   # drive: start the production build (or another build's main.js) with the inspector, register
 *   # a workspace with 1,000 messages, warm up, then sample every allocation (objects collected
 *   # by minor and major GCs included, which `node --heap-prof` leaves out) over --requests reads
 *   node -r ./bench/support/register.js bench/support/alloc-profile.ts run [--entry bench/builds/x/main.js] \
 *     [--case key|token] [--requests 40000] [--interval 4096] [--survivors] [--out /tmp/x.heapprofile]
 *
 *   # read a .heapprofile (from `run`, or `node --heap-prof`): bytes per request by allocating
 *   # function, with --callers <name> the stacks that call it
 *   node -r ./bench/support/register.js bench/support/alloc-profile.ts <file.heapprofile> \
 *     [--requests N] [--top 30] [--callers name [--depth 4]]
 *
 * --survivors samples only the objects that outlived a scavenge: what makes scavenges slow (they
 * copy survivors) and fills the old space. --interval 0 samples nothing, for --trace-gc alone.
 * `run` needs BENCH_DATABASE_URL and BENCH_REDIS_URL, as bench/run.sh sets them; it also starts
 * the service under --trace-gc and prints the scavenges and mark-compacts per 1,000 requests.
 * Sampled sizes are V8's estimates (each sample scaled by the sampling interval), so a site's
 * bytes per request are statistical: judge sites of a few hundred bytes or more.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { CONNECTIONS, DATABASE_URL, freePort, productionEnv, startProcess } from '../harness';
import { frameName } from './profile-summary';
import { registerWorkspace, seedMessages } from './workspace';

interface HeapNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

interface HeapProfile {
  head: HeapNode;
}

const option = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

/** Bytes per request by allocating frame (self), and with `callersOf` the stacks above that frame. */
export function summarize(profile: HeapProfile, requests: number, top = 30, callersOf?: string, depth = 4): string {
  const self = new Map<string, number>();
  const callers = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, stack: HeapNode[]) => {
    if (node.selfSize > 0) {
      total += node.selfSize;
      const label = frameName(node);
      self.set(label, (self.get(label) ?? 0) + node.selfSize);
      if (callersOf && node.callFrame.functionName === callersOf) {
        const key = stack
          .slice(-depth)
          .reverse()
          .map((n) => frameName(n))
          .join(' < ');
        callers.set(key, (callers.get(key) ?? 0) + node.selfSize);
      }
    }
    stack.push(node);
    for (const c of node.children) walk(c, stack);
    stack.pop();
  };
  walk(profile.head, []);
  const perRequest = (b: number) => (b / requests).toFixed(0).padStart(7);
  const share = (b: number) => `${((100 * b) / total).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, b]) => `${perRequest(b)} B/req ${share(b)}  ${k}`);
  const out = [
    `${(total / requests).toFixed(0)} bytes allocated per request (${requests} requests), by allocating function:`,
    ...rows(self),
  ];
  if (callersOf) out.push('', `callers of ${callersOf}:`, ...rows(callers));
  return out.join('\n');
}

/** One CDP session over the inspector's websocket (Node's global WebSocket). */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 1;
  const pending = new Map<number, (r: { result?: unknown; error?: unknown }) => void>();
  let chunk: ((c: string) => void) | undefined;
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data)) as {
      id?: number;
      method?: string;
      params?: { chunk: string };
      result?: unknown;
      error?: unknown;
    };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg);
    else if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') chunk?.(msg.params!.chunk);
  };
  return {
    send: (method: string, params: object = {}) =>
      new Promise<unknown>((resolve, reject) => {
        const id = next++;
        pending.set(id, (r) => (r.error ? reject(new Error(JSON.stringify(r.error))) : resolve(r.result)));
        ws.send(JSON.stringify({ id, method, params }));
      }),
    /** Heap snapshot chunks to `on` until the returned function is called. */
    onChunk: (on: (c: string) => void) => {
      chunk = on;
      return () => (chunk = undefined);
    },
    close: () => ws.close(),
  };
}

async function drive(base: string, authorization: string, amount: number) {
  const r = await autocannon({ url: `${base}/api/v1/messages?limit=10`, connections: CONNECTIONS, amount, headers: { authorization } });
  if (r.errors > 0 || r.non2xx > 0) throw new Error(`${r.errors} errors, ${r.non2xx} non-2xx`);
  return r;
}

async function run(args: string[]): Promise<void> {
  const requests = Number(option(args, '--requests') ?? 40000);
  const interval = Number(option(args, '--interval') ?? 4096);
  const which = option(args, '--case') ?? 'key';
  const out = option(args, '--out') ?? `/tmp/alloc-${which}-${Date.now()}.heapprofile`;
  const entry = option(args, '--entry');
  const port = await freePort();
  const service = await startProcess('service', productionEnv(), {
    entry,
    execArgv: [`--inspect=127.0.0.1:${port}`, '--trace-gc'],
  });
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  let gcLines = '';
  try {
    const ws = await registerWorkspace(service.base, 'Alloc');
    await seedMessages(db, ws, 1000);
    const authorization = `Bearer ${which === 'token' ? ws.accessToken : ws.apiKey}`;
    await drive(service.base, authorization, 20000);
    // --interval 0: no sampler, only --trace-gc (the sampler's weak handles slow scavenges down)
    const cdp = interval > 0 ? await inspector(port) : undefined;
    await cdp?.send('HeapProfiler.enable');
    // --survivors: only what outlived a scavenge (promoted, then collected or not by a mark-compact)
    await cdp?.send('HeapProfiler.startSampling', {
      samplingInterval: interval,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: !args.includes('--survivors'),
    });
    const onGc = (d: Buffer) => (gcLines += d.toString());
    service.child.stdout!.on('data', onGc);
    const driving = drive(service.base, authorization, requests);
    const snapshot = option(args, '--snapshot');
    if (snapshot) {
      // mid-load: what is still reachable from a request (a full collection runs first)
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const snap = cdp ?? (await inspector(port));
      let chunks = '';
      const onChunk = snap.onChunk((c) => (chunks += c));
      await snap.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      onChunk();
      writeFileSync(snapshot, chunks);
    }
    const r = await driving;
    service.child.stdout!.off('data', onGc);
    const profile = cdp ? ((await cdp.send('HeapProfiler.stopSampling')) as { profile: HeapProfile }).profile : undefined;
    cdp?.close();
    if (profile) writeFileSync(out, JSON.stringify(profile));
    writeFileSync(`${out}.trace-gc.txt`, gcLines);
    const count = (kind: RegExp) => (gcLines.match(kind) ?? []).length;
    // "Scavenge 40.1 (52.3) -> 24.0 (52.3) MB, pooled: 0 MB, 1.23 / 0.00 ms": the pause, summed by kind
    const pauseMs = (kind: string) =>
      [...gcLines.matchAll(new RegExp(`${kind}[^\\n]*? MB, (?:pooled: [\\d.]+ MB, )?([\\d.]+) / [\\d.]+ ms`, 'g'))].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
    process.stdout.write(
      `${which}: ${requests} requests, ${r.requests.average.toFixed(0)} req/s under the sampler; per 1,000 requests ` +
        `${((1000 * count(/Scavenge/g)) / requests).toFixed(2)} scavenges, ${((1000 * count(/Mark-Compact/g)) / requests).toFixed(3)} mark-compacts; ` +
        `pauses ${pauseMs('Scavenge').toFixed(0)} ms scavenging, ${pauseMs('Mark-Compact').toFixed(0)} ms mark-compacting in all\n` +
        (profile ? `profile: ${out}\n\n${summarize(profile, requests, Number(option(args, '--top') ?? 30))}\n` : ''),
    );
  } finally {
    await db.end();
    await service.stop();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === 'run') return run(args);
  if (!args[0]) throw new Error('usage: alloc-profile.ts run [...] | alloc-profile.ts <file.heapprofile> [--requests N]');
  const profile = JSON.parse(readFileSync(args[0], 'utf8')) as HeapProfile;
  process.stdout.write(
    `${summarize(
      profile,
      Number(option(args, '--requests') ?? 1),
      Number(option(args, '--top') ?? 30),
      option(args, '--callers'),
      Number(option(args, '--depth') ?? 4),
    )}\n`,
  );
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
