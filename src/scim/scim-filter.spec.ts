import { parseGroupFilter, parseUserFilter } from './scim-filter';

describe('parseUserFilter', () => {
  it.each([
    ['userName eq "ada@example.com"', { attribute: 'userName', value: 'ada@example.com' }],
    ['USERNAME EQ "Ada@Example.com"', { attribute: 'userName', value: 'Ada@Example.com' }],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"', { attribute: 'userName', value: 'a' }],
    ['externalId eq "00u1"', { attribute: 'externalId', value: '00u1' }],
    ['emails.value eq "a@x.io"', { attribute: 'email', value: 'a@x.io' }],
    ['emails eq "a@x.io"', { attribute: 'email', value: 'a@x.io' }],
    ['emails[value eq "a@x.io"]', { attribute: 'email', value: 'a@x.io' }],
    ['emails[type eq "work"].value eq "a@x.io"', { attribute: 'email', value: 'a@x.io', type: 'work' }],
    ['userName eq "quote\\"inside"', { attribute: 'userName', value: 'quote"inside' }],
  ])('supports %s', (filter, expected) => {
    expect(parseUserFilter(filter)).toEqual(expected);
  });

  it.each([
    'userName eq ada', // unquoted value
    'userName co "ada"',
    'userName sw "a"',
    'displayName eq "Ada"',
    'userName eq "a" and externalId eq "b"',
    'userName eq "a" or userName eq "b"',
    'not (userName eq "a")',
    'userName pr',
    'active eq true',
    'userName eq 1',
    'emails[type eq "work"] and userName eq "x"',
    '(',
    '',
    `userName eq "${'x'.repeat(2000)}"`,
  ])('ignores %s (the unfiltered list)', (filter) => {
    expect(parseUserFilter(filter)).toBeUndefined();
  });

  it('ignores a filter that is not a string (repeated or bracketed parameters)', () => {
    expect(parseUserFilter(['userName eq "a"', 'userName eq "b"'])).toBeUndefined();
    expect(parseUserFilter({ x: 'y' })).toBeUndefined();
    expect(parseUserFilter(undefined)).toBeUndefined();
  });
});

describe('parseGroupFilter', () => {
  it('supports displayName eq and externalId eq, names in any case', () => {
    expect(parseGroupFilter('displayName eq "Engineering"')).toEqual({ attribute: 'displayName', value: 'Engineering' });
    expect(parseGroupFilter('DisplayName Eq "Engineering"')).toEqual({ attribute: 'displayName', value: 'Engineering' });
    expect(parseGroupFilter('externalId eq "g-1"')).toEqual({ attribute: 'externalId', value: 'g-1' });
  });

  it('ignores anything else', () => {
    expect(parseGroupFilter('members.value eq "x"')).toBeUndefined();
    expect(parseGroupFilter('displayName co "Eng"')).toBeUndefined();
    expect(parseGroupFilter('displayName eq Eng')).toBeUndefined();
  });
});
