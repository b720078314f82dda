import { expectBadRequest } from '../../../test/support/problem';
import { PageRules, paginationMeta, parsePage } from './page';

const RULES: PageRules = {
  limit: { min: 1, max: 100, default: 50 },
  offset: { min: 0, max: 100000 },
};

describe('parsePage', () => {
  it('uses the default limit and offset 0 when both are absent', () => {
    expect(parsePage({}, RULES)).toEqual({ limit: 50, offset: 0 });
  });

  it('accepts the limit bounds and values in between', () => {
    expect(parsePage({ limit: '1' }, RULES)).toEqual({ limit: 1, offset: 0 });
    expect(parsePage({ limit: '100' }, RULES)).toEqual({ limit: 100, offset: 0 });
    expect(parsePage({ limit: '37' }, RULES)).toEqual({ limit: 37, offset: 0 });
  });

  it('accepts offset 0, the maximum offset, and values in between', () => {
    expect(parsePage({ offset: '0' }, RULES)).toEqual({ limit: 50, offset: 0 });
    expect(parsePage({ offset: '250' }, RULES)).toEqual({ limit: 50, offset: 250 });
    expect(parsePage({ offset: '100000' }, RULES)).toEqual({ limit: 50, offset: 100000 });
    expect(parsePage({ limit: '10', offset: '20' }, RULES)).toEqual({ limit: 10, offset: 20 });
  });

  it.each([
    ['0 (below min)', '0'],
    ['101 (above max)', '101'],
    ['negative', '-1'],
    ['a fraction', '1.5'],
    ['not a number', 'abc'],
    ['empty', ''],
    ['leading space', ' 5'],
    ['trailing space', '5 '],
    ['leading zero', '05'],
    ['exponent notation', '1e2'],
    ['plus sign', '+5'],
    ['hex', '0x10'],
    ['trailing newline', '5\n'],
    ['huge', '99999999999999999999'],
  ])('rejects limit %s with invalid_limit', (_label, raw) => {
    expectBadRequest(() => parsePage({ limit: raw }, RULES), 'invalid_limit');
  });

  it('rejects a repeated limit (array) with invalid_limit', () => {
    expectBadRequest(() => parsePage({ limit: ['1', '2'] }, RULES), 'invalid_limit');
    expectBadRequest(() => parsePage({ limit: ['5'] }, RULES), 'invalid_limit');
  });

  it('rejects non-string values with invalid_limit', () => {
    expectBadRequest(() => parsePage({ limit: 5 }, RULES), 'invalid_limit');
    expectBadRequest(() => parsePage({ limit: null }, RULES), 'invalid_limit');
    expectBadRequest(() => parsePage({ limit: { a: '1' } }, RULES), 'invalid_limit');
    expectBadRequest(() => parsePage({ limit: true }, RULES), 'invalid_limit');
  });

  it('rejects offsets out of range or malformed with invalid_offset', () => {
    expectBadRequest(() => parsePage({ offset: '-1' }, RULES), 'invalid_offset');
    expectBadRequest(() => parsePage({ offset: '100001' }, RULES), 'invalid_offset');
    expectBadRequest(() => parsePage({ offset: '1.5' }, RULES), 'invalid_offset');
    expectBadRequest(() => parsePage({ offset: '' }, RULES), 'invalid_offset');
    expectBadRequest(() => parsePage({ offset: '007' }, RULES), 'invalid_offset');
    expectBadRequest(() => parsePage({ offset: ['1', '2'] }, RULES), 'invalid_offset');
    expectBadRequest(() => parsePage({ offset: 10 }, RULES), 'invalid_offset');
  });

  it('reports the limit first when both are invalid', () => {
    expectBadRequest(() => parsePage({ limit: '0', offset: '-1' }, RULES), 'invalid_limit');
  });

  it('accepts limit 0 when the rules allow min 0', () => {
    const rules: PageRules = { limit: { min: 0, max: 10, default: 5 } };
    expect(parsePage({ limit: '0' }, rules)).toEqual({ limit: 0, offset: 0 });
  });

  it('always returns offset 0 without an offset rule, whatever the query says', () => {
    const rules: PageRules = { limit: { min: 1, max: 100, default: 20 } };
    expect(parsePage({}, rules)).toEqual({ limit: 20, offset: 0 });
    expect(parsePage({ offset: '30' }, rules)).toEqual({ limit: 20, offset: 0 });
    expect(parsePage({ offset: 'garbage' }, rules)).toEqual({ limit: 20, offset: 0 });
  });

  it('reads custom parameter names and names them in the detail', () => {
    const rules: PageRules = { ...RULES, names: { limit: 'target_limit', offset: 'target_offset' } };
    expect(parsePage({ target_limit: '7', target_offset: '3' }, rules)).toEqual({ limit: 7, offset: 3 });
    // the plain `limit`/`offset` are not read when custom names are given
    expect(parsePage({ limit: '7', offset: '3' }, rules)).toEqual({ limit: 50, offset: 0 });
    expectBadRequest(() => parsePage({ target_limit: '101' }, rules), 'invalid_target_limit');
    expectBadRequest(() => parsePage({ target_limit: 'x' }, rules), 'invalid_target_limit');
    expectBadRequest(() => parsePage({ target_offset: '-1' }, rules), 'invalid_target_offset');
  });
});

describe('paginationMeta', () => {
  it('has_more is true while offset + limit < total', () => {
    expect(paginationMeta({ limit: 10, offset: 0 }, 11)).toEqual({ limit: 10, offset: 0, total: 11, has_more: true });
    expect(paginationMeta({ limit: 10, offset: 20 }, 31)).toEqual({
      limit: 10,
      offset: 20,
      total: 31,
      has_more: true,
    });
  });

  it('has_more is false exactly at the boundary offset + limit === total', () => {
    expect(paginationMeta({ limit: 10, offset: 0 }, 10)).toEqual({ limit: 10, offset: 0, total: 10, has_more: false });
    expect(paginationMeta({ limit: 10, offset: 20 }, 30).has_more).toBe(false);
  });

  it('has_more is false past the end and for an empty list', () => {
    expect(paginationMeta({ limit: 10, offset: 50 }, 30)).toEqual({
      limit: 10,
      offset: 50,
      total: 30,
      has_more: false,
    });
    expect(paginationMeta({ limit: 50, offset: 0 }, 0).has_more).toBe(false);
  });
});
