import { ModulesContainer, Reflector } from '@nestjs/core';
import { AuthStrategyRegistry } from '../src/auth/auth-strategy.registry';
import { routeViolations, WalkedRoute, walkRoutes } from '../src/auth/route-walk';
import { buildOpenApiDocument } from '../src/core/openapi/openapi';
import { API_TAGS } from '../src/core/openapi/tags';
import { createTestApp, TestApp } from './support/test-app';

/** Every controller route the app registers, with its declared auth policy. */
const collectRoutes = (t: TestApp): WalkedRoute[] => walkRoutes(t.app.get(ModulesContainer), t.app.get(Reflector));

describe('route policies (deny by default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds the routes (the walk itself works)', () => {
    const routes = collectRoutes(t);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['GET /health', 'GET /ready', 'GET /metrics']));
  });

  it('every registered route declares how it is reached, by a kind with a registered strategy', () => {
    expect(routeViolations(collectRoutes(t), t.app.get(AuthStrategyRegistry).kinds())).toEqual([]);
  });

  it('has a strategy for every kind its routes use, and no strategy that no route uses', () => {
    const used = new Set<string>(collectRoutes(t).flatMap((r) => (r.policy && r.policy.kind !== 'public' ? [r.policy.kind] : [])));
    // operator routes are also reached with an operator API token, by a strategy of its own
    if (used.has('operator')) used.add('api_token');
    expect([...used].sort()).toEqual(t.app.get(AuthStrategyRegistry).kinds().sort());
  });

  it('every served route appears in the OpenAPI document, with its auth, a summary, a description and one declared tag', () => {
    const doc = buildOpenApiDocument(t.app, t.config);
    const missing: string[] = [];
    const unsecured: string[] = [];
    const undocumented: string[] = [];
    const routes = collectRoutes(t);
    for (const r of routes) {
      const oaPath = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = (
        doc.paths[oaPath] as Record<string, { security?: unknown[]; summary?: string; description?: string; tags?: string[] }> | undefined
      )?.[r.method.toLowerCase()];
      if (!op) missing.push(`${r.method} ${r.path}`);
      else {
        if (r.policy?.kind !== 'public' && !(op.security && op.security.length > 0)) unsecured.push(`${r.method} ${r.path}`);
        if (!op.summary?.trim() || !op.description?.trim()) undocumented.push(`${r.method} ${r.path}`);
        if (op.tags?.length !== 1 || !Object.hasOwn(API_TAGS, op.tags[0]))
          undocumented.push(`${r.method} ${r.path}: tags ${JSON.stringify(op.tags)}`);
      }
    }
    expect(routes.filter((r) => r.excluded).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(missing).toEqual([]);
    expect(unsecured).toEqual([]);
    expect(undocumented).toEqual([]);
  });

  it('serves the OpenAPI document at /api/docs-json', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/health', '/ready', '/metrics']));
    expect(res.body.paths['/metrics'].get.security).toEqual([{ metrics: [] }]);
  });
});
