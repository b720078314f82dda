import { parseScimPage, SCIM_LIST_RESPONSE, scimListResponse } from './scim-page';

describe('parseScimPage', () => {
  it('defaults to startIndex 1 and count 50', () => {
    expect(parseScimPage({})).toEqual({ startIndex: 1, offset: 0, limit: 50 });
  });

  it('turns a 1-based startIndex into a 0-based offset', () => {
    expect(parseScimPage({ startIndex: '1' })).toMatchObject({ startIndex: 1, offset: 0 });
    expect(parseScimPage({ startIndex: '51', count: '50' })).toEqual({ startIndex: 51, offset: 50, limit: 50 });
  });

  it.each(['0', '-1', '-1000'])('treats startIndex %s as 1', (raw) => {
    expect(parseScimPage({ startIndex: raw })).toMatchObject({ startIndex: 1, offset: 0 });
  });

  it('accepts count from 0 to 100 as given', () => {
    expect(parseScimPage({ count: '0' }).limit).toBe(0);
    expect(parseScimPage({ count: '1' }).limit).toBe(1);
    expect(parseScimPage({ count: '100' }).limit).toBe(100);
  });

  it('clamps count above 100 to 100', () => {
    expect(parseScimPage({ count: '101' }).limit).toBe(100);
    expect(parseScimPage({ count: '99999999999999999999' }).limit).toBe(100);
  });

  it('treats a negative count as 0', () => {
    expect(parseScimPage({ count: '-1' }).limit).toBe(0);
    expect(parseScimPage({ count: '-500' }).limit).toBe(0);
  });

  it('reads a malformed or repeated value as absent, never a 400', () => {
    expect(parseScimPage({ startIndex: 'abc', count: '1.5' })).toEqual({ startIndex: 1, offset: 0, limit: 50 });
    expect(parseScimPage({ startIndex: ['2', '3'], count: ['10'] })).toEqual({ startIndex: 1, offset: 0, limit: 50 });
    expect(parseScimPage({ startIndex: '', count: '' })).toEqual({ startIndex: 1, offset: 0, limit: 50 });
  });

  it('keeps a huge startIndex a safe integer (an offset Postgres accepts)', () => {
    const { startIndex, offset } = parseScimPage({ startIndex: '99999999999999999999999' });
    expect(startIndex).toBe(Number.MAX_SAFE_INTEGER);
    expect(offset).toBe(Number.MAX_SAFE_INTEGER - 1);
  });
});

describe('scimListResponse', () => {
  it('echoes startIndex, counts the Resources returned and carries the real total', () => {
    const page = parseScimPage({ startIndex: '3', count: '2' });
    expect(scimListResponse(page, [{ id: 'a' }, { id: 'b' }], 7)).toEqual({
      schemas: [SCIM_LIST_RESPONSE],
      totalResults: 7,
      startIndex: 3,
      itemsPerPage: 2,
      Resources: [{ id: 'a' }, { id: 'b' }],
    });
  });

  it('with count=0 returns no Resources but the real totalResults', () => {
    const page = parseScimPage({ count: '0' });
    expect(scimListResponse(page, [], 42)).toMatchObject({ totalResults: 42, itemsPerPage: 0, Resources: [] });
  });
});
