import fc from 'fast-check';
import { unstorableText } from '../core/common/validation/storable';
import { MAX_FILTER_LENGTH, parseGroupFilter, parseScimFilter, parseUserFilter } from './scim-filter';

/** The refusal every filter that is not applied must be: 400 scim_invalid_filter (scimType invalidFilter). */
const invalidFilter = (detail: RegExp = /./) =>
  expect.objectContaining({ status: 400, code: 'scim_invalid_filter', message: expect.stringMatching(detail) });
const userName = (value: string) => ({ attribute: 'userName', value });

describe('parseUserFilter', () => {
  it.each([
    ['userName eq "ada@example.com"', { attribute: 'userName', value: 'ada@example.com' }],
    ['USERNAME EQ "Ada@Example.com"', { attribute: 'userName', value: 'Ada@Example.com' }],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"', { attribute: 'userName', value: 'a' }],
    ['URN:IETF:PARAMS:SCIM:SCHEMAS:CORE:2.0:USER:userName eq "a"', { attribute: 'userName', value: 'a' }],
    ['externalId eq "00u1"', { attribute: 'externalId', value: '00u1' }],
    ['emails.value eq "a@x.io"', { attribute: 'email', value: 'a@x.io' }],
    ['emails eq "a@x.io"', { attribute: 'email', value: 'a@x.io' }],
    ['emails[value eq "a@x.io"]', { attribute: 'email', value: 'a@x.io' }],
    ['emails[type eq "work"].value eq "a@x.io"', { attribute: 'email', value: 'a@x.io', type: 'work' }],
    ['emails[type eq "work"] and emails.value eq "a@x.io"', { attribute: 'email', value: 'a@x.io', type: 'work' }],
    ['(userName eq "a")', { attribute: 'userName', value: 'a' }],
    ['  userName  eq\t"a"  ', { attribute: 'userName', value: 'a' }],
  ])('supports %s', (filter, expected) => {
    expect(parseUserFilter(filter)).toEqual(expected);
  });

  it('reads no filter as none', () => {
    expect(parseUserFilter(undefined)).toBeUndefined();
  });

  // Issue 51, item 4: the three filters a fault probe found read wrongly.
  it('userName eq "CORP\\\\jdoe" is the user CORP\\jdoe (the old parser kept both backslashes)', () => {
    expect(parseUserFilter('userName eq "CORP\\\\jdoe"')).toEqual(userName('CORP\\jdoe'));
  });

  it('userName eq "nobody\\\\" is nobody\\ (the old parser failed on it and listed every user)', () => {
    expect(parseUserFilter('userName eq "nobody\\\\"')).toEqual(userName('nobody\\'));
  });

  it('a NUL in a value, raw or escaped, is invalidFilter (the old parser listed every user for a raw one)', () => {
    expect(() => parseUserFilter('userName eq "a\u0000b"')).toThrow(invalidFilter(/character 15: a NUL character/));
    expect(() => parseUserFilter('userName eq "a\\u0000b"')).toThrow(invalidFilter(/must not contain the NUL character/));
    expect(() => parseUserFilter('externalId eq "\\u0000"')).toThrow(invalidFilter(/NUL/));
  });

  it.each([
    ['\\"', '"'],
    ['\\\\', '\\'],
    ['\\/', '/'],
    ['\\b', '\b'],
    ['\\f', '\f'],
    ['\\n', '\n'],
    ['\\r', '\r'],
    ['\\t', '\t'],
    ['\\u00e9', 'é'],
    ['\\u00E9', 'é'],
    ['\\u0025\\u005f', '%_'],
    ['\\ud83d\\ude00', '😀'],
    ['😀', '😀'],
    ['%_*?', '%_*?'],
  ])('decodes the JSON escape %s', (written, value) => {
    expect(parseUserFilter(`userName eq "a${written}z"`)).toEqual(userName(`a${value}z`));
  });

  it.each([
    ['userName eq "nobody\\"', /character 13: a string whose last quote is escaped/],
    ['userName eq "nobody\\', /character 20: a backslash at the end/],
    ['userName eq "nobody', /character 13: a string without its closing quote/],
    ['userName eq "\\x"', /an escape that JSON does not have/],
    ['userName eq "\\u12"', /four hex digits/],
    ['userName eq "\\u12g4"', /four hex digits/],
    ['userName eq "\\ud800"', /unpaired surrogate/],
    ['userName eq "\\ude00x"', /unpaired surrogate/],
    ['userName eq "a\tb"', /a control character/],
    ['userName eq ada', /a quoted string/], // unquoted value
    ['userName eq "a" extra', /more after a complete filter/],
    ['userName eq "a")', /an unmatched "\)"/],
    ['(userName eq "a"', /a "\(" without its "\)"/],
    ['emails[value eq "a"', /a "\[" without its "\]"/],
    ['emails[type eq "w"].', /a sub-attribute name/],
    ['emails[x[y eq "a"]]', /a value path inside another/],
    ['userName eqq "a"', /an operator/],
    ['userName', /an operator/],
    ['user name eq "a"', /an operator/],
    ['1userName eq "a"', /an attribute name/],
    ['a.b.c eq "a"', /an attribute name/],
    ['userName eq "a" and', /ends where an attribute was expected/],
    ['((', /ends where an attribute was expected/],
    ['', /ends where an attribute was expected/],
    [`${'('.repeat(40)}userName eq "a"${')'.repeat(40)}`, /more than 32 levels/],
  ])('%s does not parse: invalidFilter', (filter, detail) => {
    expect(() => parseUserFilter(filter)).toThrow(invalidFilter(detail));
  });

  it.each([
    'userName co "ada"',
    'userName sw "a"',
    'userName ne "a"',
    'displayName eq "Ada"',
    'name.givenName eq "Ada"',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq "1"',
    'urn:ietf:params:scim:schemas:core:2.0:Group:userName eq "a"',
    'userName eq "a" and externalId eq "b"',
    'userName eq "a" or userName eq "b"',
    'not (userName eq "a")',
    'userName pr',
    'active eq true',
    'userName eq 1',
    'userName eq null',
    'emails[type eq "work"] and userName eq "x"',
    'emails[type eq "work"]',
    'emails[type eq "work"].type eq "x"',
    'emails[value co "x"]',
    'emails[type eq "work"].value co "x"',
  ])('%s is not supported: invalidFilter, never the unfiltered list', (filter) => {
    expect(() => parseUserFilter(filter)).toThrow(invalidFilter(/^filter is not supported: Users take/));
  });

  it('refuses a filter that is not one string (repeated or bracketed parameters) or is too long', () => {
    expect(() => parseUserFilter(['userName eq "a"', 'userName eq "b"'])).toThrow(invalidFilter(/given once/));
    expect(() => parseUserFilter({ x: 'y' })).toThrow(invalidFilter(/given once/));
    expect(() => parseUserFilter(`userName eq "${'x'.repeat(MAX_FILTER_LENGTH)}"`)).toThrow(invalidFilter(/longer than/));
  });

  it('reads the longest stored value written entirely as \\u escapes', () => {
    const value = 'é'.repeat(1024);
    expect(parseUserFilter(`urn:ietf:params:scim:schemas:core:2.0:User:userName eq "${'\\u00e9'.repeat(1024)}"`)).toEqual(userName(value));
  });
});

describe('parseGroupFilter', () => {
  it('supports displayName eq and externalId eq, names in any case', () => {
    expect(parseGroupFilter('displayName eq "Engineering"', true)).toEqual({ attribute: 'displayName', value: 'Engineering' });
    expect(parseGroupFilter('DisplayName Eq "Engineering"', true)).toEqual({ attribute: 'displayName', value: 'Engineering' });
    expect(parseGroupFilter('urn:ietf:params:scim:schemas:core:2.0:Group:displayName eq "E"', true)).toEqual({
      attribute: 'displayName',
      value: 'E',
    });
    expect(parseGroupFilter('externalId eq "g-1"', true)).toEqual({ attribute: 'externalId', value: 'g-1' });
    expect(parseGroupFilter('displayName eq "CORP\\\\Admins"', true)).toEqual({ attribute: 'displayName', value: 'CORP\\Admins' });
    expect(parseGroupFilter(undefined, true)).toBeUndefined();
  });

  it('refuses anything else, and any filter while group filters are off', () => {
    for (const f of ['members.value eq "x"', 'members[value eq "x"]', 'displayName co "Eng"', 'userName eq "x"']) {
      expect(() => parseGroupFilter(f, true)).toThrow(invalidFilter(/^filter is not supported: Groups take/));
    }
    for (const f of ['displayName eq Eng', 'displayName eq "nobody\\"', 'displayName eq "a\u0000"', 'displayName eq "\\u0000"']) {
      expect(() => parseGroupFilter(f, true)).toThrow(invalidFilter());
    }
    expect(() => parseGroupFilter('displayName eq "Engineering"', false)).toThrow(invalidFilter(/SCIM_GROUP_FILTERS is off/));
    expect(parseGroupFilter(undefined, false)).toBeUndefined();
  });
});

describe('parseScimFilter: the RFC 7644 3.4.2.2 grammar', () => {
  it('reads the RFC examples: precedence (and before or), not, value paths, literals', () => {
    expect(parseScimFilter('title pr and userType eq "Employee" or userName sw "J"')).toEqual({
      kind: 'or',
      left: {
        kind: 'and',
        left: { kind: 'attr', path: { name: 'title' }, test: { kind: 'present' } },
        right: { kind: 'attr', path: { name: 'userType' }, test: { kind: 'compare', op: 'eq', value: 'Employee' } },
      },
      right: { kind: 'attr', path: { name: 'userName' }, test: { kind: 'compare', op: 'sw', value: 'J' } },
    });
    expect(parseScimFilter('userType ne "Employee" and not (emails co "example.com" or emails.value co "example.org")')).toMatchObject({
      kind: 'and',
      right: { kind: 'not', filter: { kind: 'or', right: { path: { name: 'emails', sub: 'value' } } } },
    });
    expect(
      parseScimFilter('emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]'),
    ).toMatchObject({
      kind: 'or',
      left: { kind: 'valuePath', path: { name: 'emails' }, filter: { kind: 'and' } },
      right: { kind: 'valuePath', path: { name: 'ims' } },
    });
    expect(parseScimFilter('meta.lastModified gt "2011-05-13T04:42:34Z"')).toMatchObject({ test: { op: 'gt' } });
    expect(parseScimFilter('x ge -1.5e3')).toMatchObject({ test: { op: 'ge', value: -1500 } });
    expect(parseScimFilter('x eq false')).toMatchObject({ test: { value: false } });
    expect(parseScimFilter('x eq null')).toMatchObject({ test: { value: null } });
    // `not` not followed by a parenthesis is an attribute's name
    expect(parseScimFilter('not eq "x"')).toMatchObject({ kind: 'attr', path: { name: 'not' } });
  });

  it('refuses JSON literals JSON does not have', () => {
    for (const f of ['x eq True', 'x eq 01', 'x eq 1.', 'x eq .5', "x eq 'a'"]) {
      expect(() => parseScimFilter(f)).toThrow(invalidFilter(/a value was expected/));
    }
  });
});

/** A string as JSON.stringify writes it, with each character instead written as any escape that means it. */
const anyEscaping = (value: string) => fc.tuple(...[...value].map((ch) => escapingsOf(ch))).map((parts) => `"${parts.join('')}"`);

function escapingsOf(ch: string): fc.Arbitrary<string> {
  const units = [...Array(ch.length).keys()].map((k) => ch.charCodeAt(k).toString(16).padStart(4, '0'));
  const short: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '/': '\\/',
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
  };
  const forms = [units.map((h) => `\\u${h}`).join(''), units.map((h) => `\\u${h.toUpperCase()}`).join('')];
  if (Object.hasOwn(short, ch)) forms.push(short[ch]);
  if (ch !== '"' && ch !== '\\' && ch.charCodeAt(0) >= 0x20) forms.push(ch);
  return fc.constantFrom(...forms);
}

describe('property: any string written as a JSON string is that exact value', () => {
  /** Strings of every kind of character: quotes, backslashes, %, _, controls, the BMP and beyond. */
  const text = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom('"', '\\', '%', '_', '/', ' ', '\n', '\t', 'a', 'é', '😀', '\u2028', '*'), maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
  const storable = text.filter((s) => unstorableText(s) === undefined);

  it('JSON.stringify round-trips to an exact match, on any attribute', () => {
    fc.assert(
      fc.property(storable, fc.constantFrom('userName', 'externalId', 'emails.value'), (value, attr) => {
        const parsed = parseUserFilter(`${attr} eq ${JSON.stringify(value)}`);
        expect(parsed?.value).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('every escaping of a string means that string', () => {
    fc.assert(
      fc.property(
        storable.chain((value) => anyEscaping(value).map((written) => ({ value, written }))),
        ({ value, written }) => {
          expect(parseUserFilter(`userName eq ${written}`)).toEqual(userName(value));
          expect(parseGroupFilter(`displayName eq ${written}`, true)).toEqual({ attribute: 'displayName', value });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a string holding NUL is invalidFilter however it is written', () => {
    const withNul = fc.tuple(text, text).map(([a, b]) => `${a}\u0000${b}`);
    fc.assert(
      fc.property(
        withNul.chain((value) => anyEscaping(value)),
        (written) => {
          expect(() => parseUserFilter(`userName eq ${written}`)).toThrow(invalidFilter(/NUL/));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('no input is ever read as no filter: each one is a filter, or invalidFilter', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.string({ unit: fc.constantFrom('u', 'e', 'q', ' ', '"', '\\', '(', ')', '[', ']', '.', 'a'), maxLength: 30 }),
        ),
        (raw) => {
          let parsed: unknown;
          try {
            parsed = parseUserFilter(raw);
          } catch (err) {
            expect(err).toEqual(invalidFilter());
            return;
          }
          expect(parsed).toEqual(expect.objectContaining({ attribute: expect.any(String), value: expect.any(String) }));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
