import { defineList } from './list-definition';
import { listEnvelope } from './list-envelope';
import { parseList } from './list-query';

const PAGED = defineList({
  key: 'widgets',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 2 }, offset: { min: 0, max: 100 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});
const COUNTED = defineList({ ...PAGED, paginated: false });

describe('listEnvelope', () => {
  it('keys the items by the plural, counts them and pages them against the total', () => {
    const q = parseList(PAGED, { offset: '2' });
    const envelope = listEnvelope(q, ['c', 'd'], 5);
    expect(envelope).toEqual({ widgets: ['c', 'd'], count: 2, pagination: { limit: 2, offset: 2, total: 5, has_more: true } });
    expect(Object.keys(envelope)).toEqual(['widgets', 'count', 'pagination']);
  });

  it('has_more is false on the last page', () => {
    expect(listEnvelope(parseList(PAGED, { offset: '4' }), ['e'], 5).pagination.has_more).toBe(false);
  });

  it('leaves out pagination for a list whose envelope has none', () => {
    expect(listEnvelope(parseList(COUNTED, {}), [])).toEqual({ widgets: [], count: 0 });
  });
});
