import { DiscoveryService } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';

/** A provider that registered itself with a registration decorator. */
export interface Registration<K extends string, I, O> {
  readonly key: K;
  readonly options: O;
  readonly instance: I;
  /** Its class and module, for messages: `MessagesRepository in MessagesModule`. */
  readonly provider: string;
}

/** The class of a provider that is (or implements) `T`. */
type ProviderClass<T> = new (...args: never[]) => T;

/** The decorator's options: optional when the registry takes none, or none of them is required. */
type OptionsArgument<O> = Partial<O> extends O ? [options?: O] : [options: O];

/**
 * How providers register themselves with a registry (auth strategies, batch action handlers,
 * data-subject sections, outbox consumers): the class carries a decorator naming its key, and the
 * registry discovers the decorated providers of the application at boot, as JobWorkers finds the
 * `@QueueWorker` processors. Discovery refuses an incomplete or ambiguous set, so the app does not
 * boot: a key claimed by two providers, a decorated provider that is not a singleton, and, where
 * the registry knows its complete set of keys, a key nobody claims or one outside the set. The
 * message names each problem, the providers involved and the decorator to use.
 *
 * A registry calls `discover` in its onModuleInit: every provider is instantiated by then, and
 * nothing has used the registry yet (the first use is at application bootstrap or on a request).
 */
export class ProviderRegistrations<K extends string, I, O = undefined> {
  private readonly mark = DiscoveryService.createDecorator<{ key: K; options: O }>();

  /**
   * @param registers what the registry holds, for messages ('auth strategies')
   * @param decoratorName how the decorator is spelt in code, for messages ('AuthStrategyFor')
   */
  constructor(
    private readonly registers: string,
    private readonly decoratorName: string,
  ) {}

  /** The class decorator: registers the provider under `key`. The class must be an `I` (or the narrower `T`). */
  decorator<T extends I = I>(key: K, ...[options]: OptionsArgument<O>): (target: ProviderClass<T>) => void {
    const mark = this.mark({ key, options: options as O });
    return (target) => void mark(target);
  }

  /**
   * The registered providers of the application, by ascending key. With `complete`, every key of
   * it must be registered, and no other. Throws, naming every problem, when the set is not right.
   */
  discover(discovery: DiscoveryService, complete?: readonly K[]): Registration<K, I, O>[] {
    const problems: string[] = [];
    const byKey = new Map<K, Registration<K, I, O>[]>();
    for (const wrapper of discovery.getProviders({ metadataKey: this.mark.KEY })) {
      const meta = discovery.getMetadataByDecorator(this.mark, wrapper);
      if (!meta) continue;
      const provider = describe(wrapper);
      if (!wrapper.isDependencyTreeStatic() || wrapper.isTransient || wrapper.instance === undefined) {
        problems.push(`${provider} must be a singleton provider to register "${meta.key}"`);
        continue;
      }
      const same = byKey.get(meta.key) ?? [];
      same.push({ key: meta.key, options: meta.options, instance: wrapper.instance as I, provider });
      byKey.set(meta.key, same);
    }
    for (const [key, registrations] of byKey) {
      if (registrations.length > 1) problems.push(`"${key}" is registered ${registrations.length} times: by ${list(registrations)}`);
      if (complete && !complete.includes(key)) problems.push(`"${key}" (${list(registrations)}) is not one of ${quoted(complete)}`);
    }
    for (const key of complete ?? []) {
      if (!byKey.has(key)) problems.push(`"${key}" has none: decorate its provider with @${this.decoratorName}('${key}')`);
    }
    if (problems.length > 0) throw new Error(`${this.registers}: ${problems.join('; ')}`);
    return [...byKey.values()].flat().sort((a, b) => a.key.localeCompare(b.key));
  }
}

function describe(wrapper: InstanceWrapper): string {
  const name = typeof wrapper.token === 'function' ? wrapper.token.name : String(wrapper.token);
  return wrapper.host ? `${name} in ${wrapper.host.name}` : name;
}

const list = (registrations: readonly Registration<string, unknown, unknown>[]) => registrations.map((r) => r.provider).join(', ');
const quoted = (keys: readonly string[]) => keys.map((k) => `"${k}"`).join(', ');
