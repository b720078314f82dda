import express from 'express';
import { literalPrefix, type PrefilterLayer, prefilterRoutes } from './route-prefilter';

const ROUTES = [
  '/api/v1/messages',
  '/api/v1/operator/service_agents',
  '/api/v1/operator/service_agents/:id',
  '/api/v1/operator/service_agents/:id/api_keys',
  '/scim/v2/Users',
  '/scim/v2/Users/:id',
  '/users/sso/:connection_id',
  '/files/*rest',
  '/docs{/:page}',
  '/:anything/settings',
  '/',
];

const PATHS = [
  '/api/v1/messages',
  '/api/v1/messages/',
  '/API/V1/Messages',
  '/api/v1/messagesx',
  '/api/v1/operator/service_agents',
  '/api/v1/operator/SERVICE_AGENTS/',
  '/api/v1/operator/service_agents/0b4c1f3e-1111-4111-8111-111111111111',
  '/api/v1/operator/service_agents/a%20b/api_keys',
  '/api/v1/operator/service_agents/x/api_keys/',
  '/api/v1/operator/service_agent',
  '/scim/v2/users',
  '/SCIM/v2/Users/abc',
  '/users/sso/',
  '/users/sso/c1',
  '/files/a/b/c',
  '/files',
  '/docs',
  '/docs/intro',
  '/Docs/INTRO/',
  '/team/settings',
  '/',
  '',
  '/%41pi/v1/messages',
  '/api/v1/me\u212Assages',
  '/api//v1/messages',
];

function routerStack(): PrefilterLayer[] {
  const app = express();
  for (const path of ROUTES) app.get(path, (_req, res) => res.end());
  app.use((_req, _res, next) => next());
  return (app as unknown as { router: { stack: PrefilterLayer[] } }).router.stack;
}

const results = (stack: PrefilterLayer[]) => PATHS.map((path) => stack.map((layer) => JSON.stringify(layer.match(path) ?? null)));

describe('prefilterRoutes', () => {
  it('takes the literal start of a route path, lower-cased, up to its first parameter, wildcard or group', () => {
    expect(literalPrefix('/scim/v2/Users/:id')).toBe('/scim/v2/users/');
    expect(literalPrefix('/files/*rest')).toBe('/files/');
    expect(literalPrefix('/docs{/:page}')).toBe('/docs');
    expect(literalPrefix('/:anything/settings')).toBe('/');
    expect(literalPrefix('/api/v1/messages')).toBe('/api/v1/messages');
  });

  it('leaves every match as it was: the same layers match the same paths with the same params', () => {
    const stack = routerStack();
    const before = results(stack);
    // routes whose literal start is more than "/" are wrapped; "/", "/:anything/settings" and middleware are not
    expect(prefilterRoutes(stack)).toBe(ROUTES.length - 2);
    expect(results(stack)).toEqual(before);
    expect(prefilterRoutes(stack)).toBe(0); // once only
  });

  it('runs a route’s expression only for paths that start with its literal start', () => {
    const stack = routerStack();
    const messages = stack.find((l) => (l as { rawPath?: string }).rawPath === '/api/v1/messages')!;
    const original = messages.match.bind(messages);
    let ran = 0;
    messages.match = (path: string) => {
      ran++;
      return original(path);
    };
    prefilterRoutes(stack);
    expect(messages.match('/api/v1/operator/service_agents')).toBe(false);
    expect(messages.match('/scim/v2/Users')).toBe(false);
    expect(ran).toBe(0);
    expect(messages.match('/API/v1/messages')).toMatchObject({ path: '/API/v1/messages' });
    expect(ran).toBe(1);
  });
});
