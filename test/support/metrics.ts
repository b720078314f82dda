import type { TestApp } from './test-app';

/** GET /metrics with the configured bearer token: the exposition text. */
export async function scrapeMetrics(t: TestApp): Promise<string> {
  const res = await t.http().get('/metrics').set('authorization', `Bearer ${process.env.METRICS_BEARER_TOKEN}`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return res.text;
}

/** The value of the series `name` with exactly `labels`, or undefined when the scrape has no such series. */
export async function metricSample(t: TestApp, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = (await scrapeMetrics(t)).split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    const inner = /^[^{ ]*\{([^}]*)\}/.exec(l)?.[1] ?? '';
    const have = inner === '' ? [] : inner.split(',');
    return want.length === have.length && want.every((w) => have.includes(w));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}
