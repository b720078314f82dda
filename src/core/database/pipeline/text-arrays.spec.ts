import { libraryTextArrayParser, parseTextArray } from './text-arrays';

/** Postgres's text[] output for a list of elements (array_out: what needs quoting is quoted and escaped). */
function arrayOut(items: readonly (string | null)[]): string {
  const quote = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;
  const needsQuotes = (s: string) => s === '' || /^null$/i.test(s) || /[{}",\\\s]/.test(s);
  return `{${items.map((s) => (s === null ? 'NULL' : needsQuotes(s) ? quote(s) : s)).join(',')}}`;
}

describe('parseTextArray', () => {
  it('answers exactly what node-postgres’s own parser answers, plain and quoted, one or several dimensions', () => {
    const cases = [
      '{}',
      '{messages:read}',
      '{messages:read,tasks:write,agent_commands:read}',
      '{a,NULL,b}',
      '{NULL}',
      '{"NULL",null}',
      '{"a b","c,d","e\\"f","g\\\\h",""}',
      '{{a,b},{c,d}}',
      '[0:1]={a,b}',
      '{a,,b}',
      '{ü,日本,😀}',
      arrayOut(['x', '{', '}', ' ', 'NULL', 'null', '', 'plain']),
    ];
    for (const value of cases) expect([value, parseTextArray(value)]).toEqual([value, libraryTextArrayParser(value)]);
  });

  it('agrees with the library on random arrays of awkward elements', () => {
    const alphabet = ['a', 'b', 'Z', '0', ':', '_', '-', '.', ' ', ',', '"', '\\', '{', '}', 'N', 'U', 'L', 'é'];
    let seed = 56;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const items = Array.from({ length: random(6) }, () =>
        random(10) === 0 ? null : Array.from({ length: random(5) }, () => alphabet[random(alphabet.length)]).join(''),
      );
      const value = arrayOut(items);
      expect([value, parseTextArray(value)]).toEqual([value, items]);
      expect(parseTextArray(value)).toEqual(libraryTextArrayParser(value));
    }
  });
});
