import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AuthStrategyFor, AuthStrategyRegistry, STRATEGY_KINDS, type StrategyKind } from './auth-strategy.registry';
import type { AuthPolicy } from './auth-policy';
import type { Principal } from './principal';

const principal = (kind: StrategyKind): Principal => ({
  kind: kind === 'api_token' ? 'operator' : kind,
  workspaceId: null,
  scopes: [],
  rateLimitSubject: null,
  actor: null,
});

/** A strategy of each kind, each answering a principal of its kind. */
const strategyOf = (kind: StrategyKind): Type => {
  @AuthStrategyFor(kind)
  @Injectable()
  class Strategy {
    authenticate = () => principal(kind);
  }
  Object.defineProperty(Strategy, 'name', { value: `${kind}Strategy` });
  return Strategy;
};
const all = Object.fromEntries(STRATEGY_KINDS.map((k) => [k, strategyOf(k)])) as Record<StrategyKind, Type>;

async function boot(...strategies: Type[]): Promise<AuthStrategyRegistry> {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [AuthStrategyRegistry, ...strategies],
  }).compile();
  await moduleRef.init();
  return moduleRef.get(AuthStrategyRegistry);
}

describe('AuthStrategyRegistry', () => {
  it('wants a strategy for every kind but public, and for operator API tokens', () => {
    expect([...STRATEGY_KINDS].sort()).toEqual([
      'api_token',
      'engagement',
      'machine',
      'metrics',
      'operator',
      'partner',
      'payments',
      'scim',
    ]);
  });

  it('finds the strategy of every kind', async () => {
    const registry = await boot(...Object.values(all));
    expect(registry.kinds().sort()).toEqual([...STRATEGY_KINDS].sort());
    expect(await registry.get('scim')?.authenticate({} as never, { kind: 'scim', rateLimit: 'none' })).toEqual(principal('scim'));
    expect(registry.get('public' as StrategyKind)).toBeUndefined();
  });

  it('does not boot when a kind has no strategy', async () => {
    const { scim: _scim, ...others } = all;
    await expect(boot(...Object.values(others))).rejects.toThrow(
      `auth strategies: "scim" has none: decorate its provider with @AuthStrategyFor('scim')`,
    );
  });

  it('does not boot when a kind has two strategies', async () => {
    await expect(boot(...Object.values(all), strategyOf('machine'))).rejects.toThrow(
      'auth strategies: "machine" is registered 2 times: by machineStrategy in RootTestModule, machineStrategy in RootTestModule',
    );
  });

  it('types the strategy by its kind: one that authenticates another kind does not compile', () => {
    class ScimOnly {
      authenticate(_req: unknown, policy: Extract<AuthPolicy, { kind: 'scim' }>): Principal {
        return principal(policy.kind);
      }
    }
    AuthStrategyFor('scim')(ScimOnly);
    // @ts-expect-error: a machine strategy must take the machine policy
    AuthStrategyFor('machine')(ScimOnly);
    // @ts-expect-error: public routes have no strategy
    AuthStrategyFor('public');
  });
});
