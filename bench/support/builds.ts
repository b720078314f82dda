import { fork } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../processes';
import { reapOnExit } from './child';

export interface BenchBuild {
  label: string;
  entry?: string;
  flags: string[];
  /** Variables this build runs with on top of the section's own (`OTEL_EXPORTER_OTLP_ENDPOINT=sink`). */
  env: Record<string, string>;
}

/**
 * Other builds of the service to run next to this one (BENCH_BUILDS=label=dir,label=dir): each dir
 * is a copy of dist/ inside this checkout (so it resolves the same node_modules), e.g.
 * `git stash; npm run build; cp -r dist bench/builds/before; git stash pop; npm run build` and
 * BENCH_BUILDS=before=bench/builds/before (bench/builds/ is ignored by git). `label=dir:--flag
 * --flag` runs that build with node flags, for an A/B of a runtime setting on one build (e.g.
 * BENCH_BUILDS="semi64=dist:--max-semi-space-size=64"), and `label=dir:flags:NAME=value
 * NAME=value` with variables: BENCH_BUILDS="tracing=dist::OTEL_EXPORTER_OTLP_ENDPOINT=sink" runs
 * this build with tracing on, exporting to a local collector stand-in (otlp-sink.js) that the
 * bench starts (`sink`), for the cost of tracing against this build's run without it (ADR 0279).
 * Sections that honour the variables: the machine, claims and operator sections of http.bench.ts.
 */
export function benchBuilds(): BenchBuild[] {
  const builds: BenchBuild[] = [{ label: 'this build', flags: [], env: {} }];
  for (const spec of (process.env.BENCH_BUILDS ?? '').split(',').filter(Boolean)) {
    // label=dir, or label=dir:--flag --flag: the same build with node flags, for an A/B of a runtime setting
    const [label, rest] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
    const [dir, flags = '', ...vars] = rest.split(':');
    const env: Record<string, string> = {};
    // the variables' values may hold colons (URLs): what follows the second colon, rejoined
    for (const pair of vars.join(':').split(' ').filter(Boolean)) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
    builds.push({ label, entry: join(__dirname, '..', '..', dir, 'main.js'), flags: flags.split(' ').filter(Boolean), env });
  }
  return builds;
}

let sink: Promise<string> | undefined;

/** The collector stand-in's endpoint, started on first use and stopped when the bench exits. */
function otlpSink(): Promise<string> {
  sink ??= (async () => {
    const port = await freePort();
    // a plain script: none of the bench's own flags (its TypeScript loader)
    const child = fork(join(__dirname, 'otlp-sink.js'), [], {
      env: { PORT: String(port) },
      execArgv: [],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    reapOnExit(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`otlp sink exited (${code})`)));
    });
    // the bench's own exit stops it (reapOnExit): it must not keep the bench alive once the run is done
    child.unref();
    child.channel?.unref();
    (child.stdout as unknown as { unref(): void }).unref();
    return `http://127.0.0.1:${port}`;
  })();
  return sink;
}

/** A build's variables, with `OTEL_EXPORTER_OTLP_ENDPOINT=sink` pointed at the bench's collector stand-in. */
export async function buildEnv(build: BenchBuild): Promise<Record<string, string>> {
  if (build.env.OTEL_EXPORTER_OTLP_ENDPOINT !== 'sink') return build.env;
  return { ...build.env, OTEL_EXPORTER_OTLP_ENDPOINT: await otlpSink() };
}
