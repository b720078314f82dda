import { join } from 'node:path';

/**
 * Other builds of the service to run next to this one (BENCH_BUILDS=label=dir,label=dir): each dir
 * is a copy of dist/ inside this checkout (so it resolves the same node_modules), e.g.
 * `git stash; npm run build; cp -r dist bench/builds/before; git stash pop; npm run build` and
 * BENCH_BUILDS=before=bench/builds/before (bench/builds/ is ignored by git). `label=dir:--flag
 * --flag` runs that build with node flags, for an A/B of a runtime setting on one build (e.g.
 * BENCH_BUILDS="semi64=dist:--max-semi-space-size=64").
 */
export function benchBuilds(): Array<{ label: string; entry?: string; flags: string[] }> {
  const builds: Array<{ label: string; entry?: string; flags: string[] }> = [{ label: 'this build', flags: [] }];
  for (const spec of (process.env.BENCH_BUILDS ?? '').split(',').filter(Boolean)) {
    // label=dir, or label=dir:--flag --flag: the same build with node flags, for an A/B of a runtime setting
    const [label, rest] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
    const [dir, flags = ''] = rest.split(':');
    builds.push({ label, entry: join(__dirname, '..', '..', dir, 'main.js'), flags: flags.split(' ').filter(Boolean) });
  }
  return builds;
}
