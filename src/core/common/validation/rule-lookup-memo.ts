import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const MEMOIZED = Symbol.for('agent-network.class-validator.rule-lookup-memo');

/**
 * class-validator finds a class's rules again on every validate(): it tests the class against
 * every decorated class of the process (`instanceof`, for inherited rules), then groups the
 * rules by property (class-validator issue 2686). In a service with hundreds of DTOs that scan
 * was 3% of the busy time of the command loop (bench/README.md, finding 32), and its answer
 * never changes once the classes are loaded.
 *
 * This keeps each answer per class and per options (schema, always, strictGroups, groups), and
 * the grouping per answer. Whenever a rule is registered (a class loaded later,
 * `registerDecorator`) every answer kept is dropped, so a lookup never misses a rule: what is
 * returned is what class-validator would return at that moment. Both answers are only read by
 * class-validator (ValidationExecutor), never changed. Idempotent; AppValidationPipe installs it.
 */
export function memoizeRuleLookups(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [MEMOIZED]?: true };
  if (marked[MEMOIZED]) return;
  marked[MEMOIZED] = true;

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let rules = new WeakMap<object, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, Grouped>();

  storage.addValidationMetadata = (metadata) => {
    rules = new WeakMap();
    grouped = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function') return lookUp(target, schema, always, strictGroups, groups);
    let byOptions = rules.get(target);
    if (byOptions === undefined) rules.set(target, (byOptions = new Map()));
    const key = groups === undefined ? `${schema}|${always}|${strictGroups}` : JSON.stringify([schema, always, strictGroups, groups]);
    let found = byOptions.get(key);
    if (found === undefined) byOptions.set(key, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (found === undefined) grouped.set(metadata, (found = group(metadata)));
    return found;
  };
}
