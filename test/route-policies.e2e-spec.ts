import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { buildOpenApiDocument } from '../src/core/openapi/openapi';
import { AUTH_POLICY } from '../src/auth/auth-policy';
import { createTestApp, TestApp } from './support/test-app';

interface Route {
  controller: string;
  handler: string;
  method: string;
  path: string;
  policy: unknown;
  excluded: boolean;
}

/** Every controller route the app registers, with its declared auth policy. */
function collectRoutes(t: TestApp): Route[] {
  const scanner = new MetadataScanner();
  const reflector = t.app.get(Reflector);
  const routes: Route[] = [];
  const controllers = [...t.app.get(ModulesContainer).values()].flatMap((m) => [...m.controllers.values()]);
  for (const wrapper of controllers) {
    const instance = wrapper.instance as object;
    if (!instance || !wrapper.metatype) continue;
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
    const proto = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      for (const prefix of prefixes) {
        for (const p of ([] as string[]).concat(path)) {
          routes.push({
            controller: wrapper.metatype.name,
            handler: name,
            method,
            path: `/${[prefix, p].map((s) => s.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`,
            policy: reflector.getAllAndOverride(AUTH_POLICY, [handler, wrapper.metatype]),
            excluded:
              Reflect.getMetadata('swagger/apiExcludeController', wrapper.metatype)?.[0] === true ||
              Reflect.getMetadata('swagger/apiExcludeEndpoint', handler)?.disable === true,
          });
        }
      }
    }
  }
  return routes;
}

describe('route policies (deny by default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds the routes (the walk itself works)', () => {
    const routes = collectRoutes(t);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /health', 'GET /ready', 'GET /metrics']),
    );
  });

  it('every registered route declares how it is reached', () => {
    const undeclared = collectRoutes(t)
      .filter((r) => r.policy === undefined)
      .map((r) => `${r.method} ${r.path} (${r.controller}.${r.handler})`);
    expect(undeclared).toEqual([]);
  });

  it('every route not deliberately excluded appears in the OpenAPI document with its auth', () => {
    const doc = buildOpenApiDocument(t.app, t.config);
    const missing: string[] = [];
    const unsecured: string[] = [];
    for (const r of collectRoutes(t).filter((route) => !route.excluded)) {
      const oaPath = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = (doc.paths[oaPath] as Record<string, { security?: unknown[] }> | undefined)?.[r.method.toLowerCase()];
      if (!op) missing.push(`${r.method} ${r.path}`);
      else if ((r.policy as { kind: string }).kind !== 'public' && !(op.security && op.security.length > 0)) {
        unsecured.push(`${r.method} ${r.path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(unsecured).toEqual([]);
  });

  it('serves the OpenAPI document at /api/docs-json', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/health', '/ready', '/metrics']));
    expect(res.body.paths['/metrics'].get.security).toEqual([{ metrics: [] }]);
  });
});
