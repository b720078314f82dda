import { UPDATES } from '../../../test/support/list-fixtures';
import { expectBadRequest } from '../../../test/support/problem';
import { defineList } from './list-definition';
import { parseList } from './list-query';

const ID = '0b7c7c3e-5d2a-4c1e-9f65-2f1d0c9a7b11';

describe('parseList', () => {
  it('reads the default page and no filters from an empty query', () => {
    expect(parseList(UPDATES, {})).toEqual({ definition: UPDATES, page: { limit: 50, offset: 0 }, filters: {} });
  });

  it('reads the page within its rules and rejects it outside them', () => {
    expect(parseList(UPDATES, { limit: '100', offset: '10000' }).page).toEqual({ limit: 100, offset: 10000 });
    expectBadRequest(() => parseList(UPDATES, { limit: '0' }), 'invalid_limit');
    expectBadRequest(() => parseList(UPDATES, { limit: '101' }), 'invalid_limit');
    expectBadRequest(() => parseList(UPDATES, { offset: '10001' }), 'invalid_offset');
    expectBadRequest(() => parseList(UPDATES, { offset: 'x' }), 'invalid_offset');
  });

  it('checks the page before the filters', () => {
    expectBadRequest(() => parseList(UPDATES, { limit: 'x', status: 'bogus' }), 'invalid_limit');
  });

  it('reads both forms of a flat filter, the nested one winning', () => {
    expect(parseList(UPDATES, { status: 'done' }).filters).toEqual({ status: 'done' });
    expect(parseList(UPDATES, { 'filter[status]': 'done' }).filters).toEqual({ status: 'done' });
    expect(parseList(UPDATES, { status: 'pending', filter: { status: 'done' } }).filters).toEqual({ status: 'done' });
  });

  it('rejects a value outside the allowed list with invalid_<name>', () => {
    expectBadRequest(() => parseList(UPDATES, { status: 'bogus' }), 'invalid_status');
    expectBadRequest(() => parseList(UPDATES, { filter: { kind: 'software' } }), 'invalid_kind');
  });

  it('accepts a UUID for a uuid filter and rejects anything else', () => {
    expect(parseList(UPDATES, { filter: { robot_id: ID } }).filters).toEqual({ robot_id: ID });
    expectBadRequest(() => parseList(UPDATES, { robot_id: 'not-a-uuid' }), 'invalid_robot_id');
  });

  it('ignores the flat form of a nested-only filter, even when its value is invalid', () => {
    expect(parseList(UPDATES, { kind: 'firmware' }).filters).toEqual({});
    expect(parseList(UPDATES, { kind: 'bogus' }).filters).toEqual({});
    expect(parseList(UPDATES, { 'filter[kind]': 'config' }).filters).toEqual({ kind: 'config' });
  });

  it('a list-wide nestedOnly applies to every filter', () => {
    const nested = defineList({ ...UPDATES, nestedOnly: true });
    expect(parseList(nested, { status: 'bogus', robot_id: 'x' }).filters).toEqual({});
    expect(parseList(nested, { filter: { status: 'done', robot_id: ID } }).filters).toEqual({ status: 'done', robot_id: ID });
  });

  it('rejects a declared parameter sent as an array or an object, in every bracket form and when repeated', () => {
    expectBadRequest(() => parseList(UPDATES, { 'limit[]': '1' }), 'invalid_limit');
    expectBadRequest(() => parseList(UPDATES, { 'offset[x]': '1' }), 'invalid_offset');
    expectBadRequest(() => parseList(UPDATES, { 'status[]': 'bogus' }), 'invalid_status');
    expectBadRequest(() => parseList(UPDATES, { 'filter[status][]': 'done' }), 'invalid_status');
    expectBadRequest(() => parseList(UPDATES, { 'filter[kind][a]': 'config' }), 'invalid_kind');
    expectBadRequest(() => parseList(UPDATES, { limit: ['1', '2'] }), 'invalid_limit');
    expectBadRequest(() => parseList(UPDATES, { 'filter[status]': ['done', 'done'] }), 'invalid_status');
    // Not a parameter of this list (or the flat form of a nested-only one): still ignored.
    expect(parseList(UPDATES, { 'colour[]': 'red', 'kind[]': 'x', 'filter[size][]': 'x' }).filters).toEqual({});
  });

  it('ignores filters the definition does not declare', () => {
    expect(parseList(UPDATES, { colour: 'red', filter: { colour: 'red' }, 'filter[size]': 'x' }).filters).toEqual({});
  });

  it('reads no offset for a list without one', () => {
    const unpaged = defineList({ ...UPDATES, paginated: false, page: { limit: { min: 1, max: 100, default: 25 } } });
    expect(parseList(unpaged, { offset: 'garbage' }).page).toEqual({ limit: 25, offset: 0 });
  });
});

describe('defineList', () => {
  it('refuses column names that are not plain identifiers', () => {
    expect(() => defineList({ ...UPDATES, order: { by: 'inserted_at; DROP TABLE x', direction: 'DESC' } })).toThrow(/identifier/);
    expect(() => defineList({ ...UPDATES, filters: [{ name: 'status', column: 'a.b', values: ['x'] }] })).toThrow(/identifier/);
    expect(() => defineList({ ...UPDATES, filters: [{ name: 'st atus', values: ['x'] }] })).toThrow(/identifier/);
  });

  it('refuses a default limit outside its range and a filter declared twice', () => {
    expect(() => defineList({ ...UPDATES, page: { limit: { min: 1, max: 10, default: 50 } } })).toThrow(/page rules/);
    expect(() => defineList({ ...UPDATES, filters: [UPDATES.filters![0], UPDATES.filters![0]] })).toThrow(/twice/);
  });

  it('reads a search of 1-100 characters after trimming and refuses a longer or repeated one with invalid_q', () => {
    const SEARCHED = defineList({ ...UPDATES, key: 'searched', search: { columns: ['name'] } });
    expect(parseList(SEARCHED, { q: ' dock 7 ' }).search).toBe('dock 7');
    expect(parseList(SEARCHED, { q: 'x'.repeat(100) }).search).toHaveLength(100);
    for (const q of ['x'.repeat(101), ['a', 'b']]) expectBadRequest(() => parseList(SEARCHED, { q }), 'invalid_q');
    expectBadRequest(() => parseList(SEARCHED, { 'q[x]': 'a' }), 'invalid_q');
  });
});
