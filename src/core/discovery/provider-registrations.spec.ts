import { Injectable, Module, OnModuleInit, Scope, type Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ProviderRegistrations, type Registration } from './provider-registrations';

interface Greeter {
  greet(): string;
}

const greeters = new ProviderRegistrations<'hello' | 'bye' | 'other', Greeter, { loud?: boolean }>('greeters', 'GreeterFor');
const GreeterFor = (key: 'hello' | 'bye' | 'other', options?: { loud?: boolean }) => greeters.decorator(key, options);

/** A registry of greeters whose complete set is hello and bye. */
@Injectable()
class Greeters implements OnModuleInit {
  found: Registration<'hello' | 'bye' | 'other', Greeter, { loud?: boolean }>[] = [];
  constructor(private readonly discovery: DiscoveryService) {}
  onModuleInit(): void {
    this.found = greeters.discover(this.discovery, ['hello', 'bye']);
  }
}

@GreeterFor('hello', { loud: true })
@Injectable()
class Hello implements Greeter {
  greet = () => 'hello';
}

@GreeterFor('bye')
@Injectable()
class Bye implements Greeter {
  greet = () => 'bye';
}

@GreeterFor('hello')
@Injectable()
class AnotherHello implements Greeter {
  greet = () => 'hi';
}

@GreeterFor('other')
@Injectable()
class Other implements Greeter {
  greet = () => 'other';
}

@GreeterFor('bye')
@Injectable({ scope: Scope.REQUEST })
class RequestScopedBye implements Greeter {
  greet = () => 'bye';
}

/** Not decorated: not a registration, whatever it implements. */
@Injectable()
class Undecorated implements Greeter {
  greet = () => 'undecorated';
}

async function boot(...providers: Type[]) {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [Greeters, ...providers] }).compile();
  await moduleRef.init();
  return moduleRef.get(Greeters).found;
}

describe('ProviderRegistrations', () => {
  it('finds each decorated provider with its key, options, instance and module, by key', async () => {
    const found = await boot(Hello, Bye, Undecorated);
    expect(found.map((r) => [r.key, r.options, r.instance.greet(), r.provider])).toEqual([
      ['bye', undefined, 'bye', 'Bye in RootTestModule'],
      ['hello', { loud: true }, 'hello', 'Hello in RootTestModule'],
    ]);
  });

  it('finds providers of imported modules too', async () => {
    @Module({ providers: [Bye] })
    class ByeModule {}
    const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule, ByeModule], providers: [Greeters, Hello] }).compile();
    await moduleRef.init();
    expect(moduleRef.get(Greeters).found.map((r) => r.provider)).toEqual(['Bye in ByeModule', 'Hello in RootTestModule']);
  });

  it('refuses a key registered twice, naming both providers', async () => {
    await expect(boot(Hello, Bye, AnotherHello)).rejects.toThrow(
      'greeters: "hello" is registered 2 times: by Hello in RootTestModule, AnotherHello in RootTestModule',
    );
  });

  it('refuses the same class provided by two modules: one instance must serve', async () => {
    @Module({ providers: [Hello] })
    class OtherModule {}
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule, OtherModule],
      providers: [Greeters, Hello, Bye],
    }).compile();
    await expect(moduleRef.init()).rejects.toThrow('"hello" is registered 2 times');
  });

  it('refuses a missing key of the complete set, naming the decorator to use', async () => {
    await expect(boot(Hello)).rejects.toThrow(`greeters: "bye" has none: decorate its provider with @GreeterFor('bye')`);
  });

  it('refuses a key outside the complete set', async () => {
    await expect(boot(Hello, Bye, Other)).rejects.toThrow('greeters: "other" (Other in RootTestModule) is not one of "hello", "bye"');
  });

  it('refuses a provider that is not a singleton', async () => {
    await expect(boot(Hello, RequestScopedBye)).rejects.toThrow(
      'greeters: RequestScopedBye in RootTestModule must be a singleton provider to register "bye"; "bye" has none',
    );
  });

  it('names every problem at once', async () => {
    await expect(boot(Hello, AnotherHello, Other)).rejects.toThrow(
      'greeters: "hello" is registered 2 times: by Hello in RootTestModule, AnotherHello in RootTestModule; ' +
        '"other" (Other in RootTestModule) is not one of "hello", "bye"; ' +
        `"bye" has none: decorate its provider with @GreeterFor('bye')`,
    );
  });

  it('without a complete set, takes any keys but still refuses a duplicate', async () => {
    const open = new ProviderRegistrations<string, Greeter>('open greeters', 'OpenGreeter');
    @open.decorator('a')
    @Injectable()
    class A implements Greeter {
      greet = () => 'a';
    }
    @open.decorator('a')
    @Injectable()
    class B implements Greeter {
      greet = () => 'b';
    }
    @Injectable()
    class OpenGreeters implements OnModuleInit {
      found: string[] = [];
      constructor(private readonly discovery: DiscoveryService) {}
      onModuleInit(): void {
        this.found = open.discover(this.discovery).map((r) => r.key);
      }
    }
    const compile = (...providers: Type[]) =>
      Test.createTestingModule({ imports: [DiscoveryModule], providers: [OpenGreeters, ...providers] }).compile();
    const one = await compile(A);
    await one.init();
    expect(one.get(OpenGreeters).found).toEqual(['a']);
    const none = await compile();
    await none.init();
    expect(none.get(OpenGreeters).found).toEqual([]);
    await expect((await compile(A, B)).init()).rejects.toThrow(
      'open greeters: "a" is registered 2 times: by A in RootTestModule, B in RootTestModule',
    );
  });

  it('types the decorated class: a class that is not one does not compile', () => {
    class Counter {
      greet = () => 42;
    }
    // @ts-expect-error: a number is not a Greeter
    greeters.decorator('hello')(Counter);
    // @ts-expect-error: not a key of the registry
    greeters.decorator('hullo');
  });
});
