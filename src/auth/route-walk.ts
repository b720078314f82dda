import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { acceptsApiToken, API_TOKEN_PATH_PREFIX, AUTH_POLICY, AuthPolicy } from './auth-policy';

/** One controller route the app registers, with its declared auth policy. */
export interface WalkedRoute {
  controller: string;
  handler: string;
  method: string;
  path: string;
  policy: AuthPolicy | undefined;
  /** Param decorator factories the handler uses (see registerParamRequirement). */
  paramFactories: unknown[];
  /** Left out of the OpenAPI document on purpose (pages, redirects). */
  excluded: boolean;
}

interface ParamRequirement {
  decorator: string;
  satisfiedBy: (policy: AuthPolicy) => boolean;
}

const requirements = new Map<unknown, ParamRequirement>();

/**
 * Declares that a param decorator (by the factory given to createParamDecorator) is only valid
 * on routes whose policy satisfies `satisfiedBy`, e.g. `@WorkspaceOperator()` needs an operator
 * policy with a role. The route walk reports every route that breaks it.
 */
export function registerParamRequirement(factory: unknown, requirement: ParamRequirement): void {
  requirements.set(factory, requirement);
}

/** Every controller route of the modules in `container`, with its policy. */
export function walkRoutes(container: ModulesContainer, reflector: Reflector): WalkedRoute[] {
  const scanner = new MetadataScanner();
  const routes: WalkedRoute[] = [];
  const controllers = [...container.values()].flatMap((m) => [...m.controllers.values()]);
  for (const wrapper of controllers) {
    const instance = wrapper.instance;
    if (!instance || !wrapper.metatype) continue;
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
    const proto = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, wrapper.metatype, name) ?? {}) as Record<string, { factory?: unknown }>;
      const paramFactories = Object.values(args).flatMap((a) => (a.factory ? [a.factory] : []));
      for (const prefix of prefixes) {
        for (const p of ([] as string[]).concat(path)) {
          routes.push({
            controller: wrapper.metatype.name,
            handler: name,
            method,
            path: `/${[prefix, p]
              .map((s) => s.replace(/^\/|\/$/g, ''))
              .filter(Boolean)
              .join('/')}`,
            policy: reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [handler, wrapper.metatype]),
            paramFactories,
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

/**
 * What deny-by-default requires of every route: a declared policy, a registered strategy for its
 * kind (a route of an unregistered kind would answer 403 to everyone), and param decorators only
 * where the policy guarantees what they read. One line per broken route; empty when all is well.
 */
export function routeViolations(routes: WalkedRoute[], registeredKinds: readonly string[]): string[] {
  const violations: string[] = [];
  for (const r of routes) {
    const where = `${r.method} ${r.path} (${r.controller}.${r.handler})`;
    if (!r.policy) {
      violations.push(`${where}: declares no auth policy`);
      continue;
    }
    if (r.policy.kind !== 'public' && !registeredKinds.includes(r.policy.kind)) {
      violations.push(`${where}: no strategy is registered for "${r.policy.kind}"`);
    }
    // An operator API token is taken on /api/v1/operator/* only (API.md Part 3): a route elsewhere
    // that would take one (and say so in OpenAPI) must need a person, be a page or an admin route.
    if (r.policy.kind === 'operator' && acceptsApiToken(r.policy) && !r.path.startsWith(API_TOKEN_PATH_PREFIX)) {
      violations.push(`${where}: would take an API token outside ${API_TOKEN_PATH_PREFIX} (declare person: true)`);
    }
    for (const factory of r.paramFactories) {
      const requirement = requirements.get(factory);
      if (requirement && !requirement.satisfiedBy(r.policy)) {
        violations.push(`${where}: ${requirement.decorator} does not fit its ${r.policy.kind} policy`);
      }
    }
  }
  return violations;
}
