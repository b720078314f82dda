import { getMetadataStorage, IsInt, IsOptional, IsString, MaxLength, MetadataStorage, validateSync } from 'class-validator';
import { memoizeRuleLookups } from './rule-lookup-memo';

class Base {
  @IsString()
  name!: unknown;

  @IsInt({ groups: ['strict'] })
  @IsOptional({ always: true })
  count?: unknown;
}

class Child extends Base {
  @MaxLength(3)
  declare name: unknown;

  @IsString()
  extra!: unknown;
}

const storage = getMetadataStorage();
// the unmemoized lookup, straight from the class (memoizeRuleLookups replaces the instance's)
const unmemoized = (target: Function, always: boolean, strictGroups: boolean, groups?: string[]) =>
  MetadataStorage.prototype.getTargetValidationMetadatas.call(storage, target, '', always, strictGroups, groups);
const rulesOf = (target: Function, always: boolean, strictGroups: boolean, groups?: string[]) =>
  storage.getTargetValidationMetadatas(target, '', always, strictGroups, groups);
const fieldsWithErrors = (object: object, groups?: string[]) =>
  validateSync(object, { groups })
    .map((e) => `${e.property}:${Object.keys(e.constraints ?? {}).sort().join(',')}`)
    .sort();
const child = (values: Record<string, unknown>) => Object.assign(new Child(), values);

describe('memoizeRuleLookups', () => {
  beforeAll(() => memoizeRuleLookups(storage));

  const options: [boolean, boolean, string[] | undefined][] = [
    [false, false, undefined],
    [false, false, []],
    [true, false, undefined],
    [false, true, undefined],
    [false, false, ['strict']],
    [false, true, ['strict']],
    [false, false, ['other']],
  ];

  it.each(options)('answers what class-validator answers (always %s, strictGroups %s, groups %j), and keeps the answer', (always, strict, groups) => {
    for (const target of [Base, Child]) {
      const first = rulesOf(target, always, strict, groups);
      expect(first).toEqual(unmemoized(target, always, strict, groups));
      expect(rulesOf(target, always, strict, groups)).toBe(first); // kept: no second scan
    }
  });

  it('keeps one answer per set of options, and validation is unchanged', () => {
    expect(rulesOf(Child, false, false, ['strict'])).not.toBe(rulesOf(Child, false, false, undefined));
    // (without groups, class-validator applies grouped rules too, unless strictGroups)
    expect(fieldsWithErrors(child({ name: 'long name', extra: 1, count: 'x' }))).toEqual(['count:isInt', 'extra:isString', 'name:maxLength']);
    expect(fieldsWithErrors(child({ name: 'ab', extra: 'x', count: 'x' }), ['strict'])).toEqual(['count:isInt']);
    expect(fieldsWithErrors(child({ name: 'ab', extra: 'x' }))).toEqual([]);
  });

  it('drops what it kept when a rule is registered later, so an inherited rule added after a lookup applies', () => {
    const before = rulesOf(Child, false, false, undefined);
    expect(fieldsWithErrors(child({ name: 'ab', extra: 'x', late: 'not a number' }))).toEqual([]);

    IsInt()(Base.prototype, 'late'); // a rule on the base class, after Child's rules were looked up

    const after = rulesOf(Child, false, false, undefined);
    expect(after).not.toBe(before);
    expect(after).toEqual(unmemoized(Child, false, false, undefined));
    expect(after.map((r) => r.propertyName)).toContain('late');
    expect(fieldsWithErrors(child({ name: 'ab', extra: 'x', late: 'not a number' }))).toEqual(['late:isInt']);
  });

  it('is installed once: a second call changes nothing', () => {
    const lookup = storage.getTargetValidationMetadatas;
    memoizeRuleLookups(storage);
    expect(storage.getTargetValidationMetadatas).toBe(lookup);
  });
});
