/**
 * Garbage collection per token exchange (issue 53's slowdown): each build of BENCH_BUILDS (as in
 * http.bench.ts, `label=dir[:--flag --flag]`) and this one is started under `--trace-gc` on the
 * benchmark's database, gets a workspace of its own, then BENCH_GC_WARMUP (5,000) exchanges and
 * BENCH_GC_EXCHANGES (10,000) measured ones, BENCH_CONNECTIONS (50) at a time, autocannon with a
 * fixed number of requests. It counts the Mark-Compact and Scavenge lines V8 printed during the
 * measured exchanges and the old space's size before and after each Mark-Compact. BENCH_GC_ROUNDS
 * (2) interleaves the builds (AB, BA, ...). BENCH_GC_SNAPSHOT=<dir>: after the measured exchanges,
 * a heap snapshot of each build into <dir> (`--heapsnapshot-signal=SIGUSR2`).
 *
 * `bash bench/run.sh gc-exchange` (fresh database, like the other benchmarks).
 */
import { appendFileSync, existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, productionEnv, startProcess } from './harness';
import { registerWorkspace } from './support/workspace';

const WARMUP = Number(process.env.BENCH_GC_WARMUP ?? 5000);
const EXCHANGES = Number(process.env.BENCH_GC_EXCHANGES ?? 10000);
const ROUNDS = Number(process.env.BENCH_GC_ROUNDS ?? 2);
const SNAPSHOT_DIR = process.env.BENCH_GC_SNAPSHOT;

function builds(): Array<{ label: string; entry?: string; flags: string[] }> {
  const out: Array<{ label: string; entry?: string; flags: string[] }> = [{ label: 'this build', flags: [] }];
  for (const spec of (process.env.BENCH_BUILDS ?? '').split(',').filter(Boolean)) {
    const [label, rest] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
    const [dir, flags = ''] = rest.split(':');
    out.push({ label, entry: join(__dirname, '..', dir, 'main.js'), flags: flags.split(' ').filter(Boolean) });
  }
  return out;
}

interface GcCount {
  markCompact: number;
  scavenge: number;
  /** MB of heap before -> after each Mark-Compact */
  marks: string[];
  /** ms of pause, summed */
  markMs: number;
  scavengeMs: number;
  /** MB the heap grew by from one collection's end to the next scavenge's end (promotion into the old space), summed */
  promotedMb: number;
  lastAfter?: number;
}

// e.g. "[123:0x...]   4567 ms: Mark-Compact 62.1 (80.3) -> 40.2 (81.0) MB, pooled: 0 MB, 30.12 / 0.00 ms  (average mu = ...) ..."
const GC_LINE =
  /(Mark-Compact|Scavenge|Minor Mark-Sweep)[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ ([\d.]+) ms/;

async function exchanges(base: string, key: string, amount: number) {
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount,
    method: 'POST',
    headers: { 'x-agent-api-key': key, 'content-type': 'application/json' },
    body: '{"scopes":["messages:read"]}',
    requests: [{ path: '/api/v1/agent_tokens', method: 'POST' }],
  });
  return { rps: r.requests.average, non2xx: r.non2xx, errors: r.errors + r.timeouts, total: r.requests.total };
}

async function main(): Promise<void> {
  const all = builds();
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const build of round % 2 === 1 ? all : [...all].reverse()) {
      const flags = [
        ...build.flags,
        '--trace-gc',
        ...(SNAPSHOT_DIR ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${SNAPSHOT_DIR}`] : []),
      ];
      const service = await startProcess('service', productionEnv(), { entry: build.entry, execArgv: flags });
      let counting = false;
      let partial = '';
      const count: GcCount = { markCompact: 0, scavenge: 0, marks: [], markMs: 0, scavengeMs: 0, promotedMb: 0 };
      service.child.stdout!.on('data', (d: Buffer) => {
        const lines = (partial + d.toString()).split('\n');
        partial = lines.pop()!;
        if (process.env.BENCH_GC_LOG)
          appendFileSync(
            join(process.env.BENCH_GC_LOG, `${build.label.replace(/\W+/g, '-')}-round-${round}.log`),
            lines.map((l) => `${counting ? 'M' : 'w'} ${l}\n`).join(''),
          );
        if (!counting) return;
        for (const line of lines) {
          const m = GC_LINE.exec(line);
          if (!m) {
            if (/Mark|Scavenge|Minor/.test(line)) process.stderr.write(`  unparsed: ${line}\n`);
            continue;
          }
          if (process.env.BENCH_GC_PRINT && m[1] === 'Mark-Compact') process.stderr.write(`  ${line.trim()}\n`);
          const lastAfter = count.lastAfter;
          count.lastAfter = Number(m[4]);
          if (m[1] === 'Mark-Compact') {
            count.markCompact++;
            count.markMs += Number(m[6]);
            count.marks.push(`${m[2]}->${m[4]}`);
          } else {
            if (lastAfter !== undefined) count.promotedMb += Number(m[4]) - lastAfter;
            count.scavenge++;
            count.scavengeMs += Number(m[6]);
          }
        }
      });
      try {
        const ws = await registerWorkspace(service.base, `GC ${build.label} ${round}`);
        await exchanges(service.base, ws.apiKey, WARMUP);
        counting = true;
        const r = await exchanges(service.base, ws.apiKey, EXCHANGES);
        await new Promise((res) => setTimeout(res, 200));
        counting = false;
        const per10k = (n: number) => ((n * 10000) / r.total).toFixed(1);
        const row =
          `| ${round} | ${build.label} | ${r.total} | ${r.rps.toFixed(0)} | ${per10k(count.markCompact)} | ${per10k(count.scavenge)} | ${((count.promotedMb * 1e6) / r.total).toFixed(0)} | ` +
          `${count.markMs.toFixed(0)} / ${count.scavengeMs.toFixed(0)} | ${count.marks.join(', ')} | ${r.non2xx + r.errors} |`;
        rows.push(row);
        process.stderr.write(`${row}\n`);
        if (SNAPSHOT_DIR) {
          const before = new Set(readdirSync(SNAPSHOT_DIR));
          service.child.kill('SIGUSR2');
          const deadline = Date.now() + 120_000;
          let file: string | undefined;
          while (Date.now() < deadline && !file) {
            await new Promise((res) => setTimeout(res, 1000));
            file = readdirSync(SNAPSHOT_DIR).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
          }
          // wait for the writer to finish (the file stops growing)
          await new Promise((res) => setTimeout(res, 5000));
          if (file && existsSync(join(SNAPSHOT_DIR, file))) {
            const to = join(SNAPSHOT_DIR, `${build.label.replace(/\W+/g, '-')}-round-${round}.heapsnapshot`);
            renameSync(join(SNAPSHOT_DIR, file), to);
            process.stderr.write(`  snapshot: ${to}\n`);
          }
        }
      } finally {
        await service.stop();
      }
    }
  }
  process.stdout.write(
    `\nnode ${process.version}, ${CONNECTIONS} connections, ${WARMUP} warm-up + ${EXCHANGES} measured exchanges per run\n\n` +
      '| round | build | exchanges | req/s | Mark-Compact per 10k | Scavenge per 10k | old-space growth B/exchange | pause ms (mark / scavenge) | Mark-Compact MB before->after | errors + non-2xx |\n' +
      '|---|---|---:|---:|---:|---:|---:|---|---|---:|\n' +
      `${rows.join('\n')}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
