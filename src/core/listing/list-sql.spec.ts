import { UPDATES } from '../../../test/support/list-fixtures';
import { defineList } from './list-definition';
import { parseList } from './list-query';
import { listSql, listValues } from './list-sql';

const ID = '0b7c7c3e-5d2a-4c1e-9f65-2f1d0c9a7b11';
const SCOPE = { sql: 'u.workspace_id = $1', params: ['ws'], alias: 'u' };

describe('listSql', () => {
  it('without filters: the scope, the ordering with its tiebreaker, limit and offset after the scope', () => {
    expect(listSql(parseList(UPDATES, { limit: '10', offset: '20' }), SCOPE)).toEqual({
      where: 'WHERE u.workspace_id = $1',
      orderBy: 'ORDER BY u.inserted_at DESC, u.id DESC',
      limit: 'LIMIT $2 OFFSET $3',
      params: ['ws', 10, 20],
      countParams: ['ws'],
      variant: '',
    });
  });

  it('numbers filter values after the scope, in definition order, whatever the query order', () => {
    const q = parseList(UPDATES, { filter: { kind: 'config', robot_id: ID }, status: 'done' });
    expect(listSql(q, SCOPE)).toEqual({
      where: 'WHERE u.workspace_id = $1 AND u.status = $2 AND u.robot_id = $3 AND u.update_type = $4',
      orderBy: 'ORDER BY u.inserted_at DESC, u.id DESC',
      limit: 'LIMIT $5 OFFSET $6',
      params: ['ws', 'done', ID, 'config', 50, 0],
      countParams: ['ws', 'done', ID, 'config'],
      variant: '_by_status_and_robot_id_and_kind',
    });
  });

  it('keeps values out of the text', () => {
    const s = listSql(parseList(UPDATES, { status: 'done', robot_id: ID }), SCOPE);
    expect(`${s.where} ${s.orderBy} ${s.limit}`).not.toMatch(/done|0b7c7c3e/);
  });

  it('numbers from $1 without a scope and leaves no WHERE when nothing applies', () => {
    expect(listSql(parseList(UPDATES, {}))).toMatchObject({ where: '', limit: 'LIMIT $1 OFFSET $2', params: [50, 0], countParams: [] });
    expect(listSql(parseList(UPDATES, { status: 'done' }))).toMatchObject({ where: 'WHERE status = $1', limit: 'LIMIT $2 OFFSET $3' });
  });

  it('several ordering columns, a custom tiebreaker and ascending order', () => {
    const list = defineList({ ...UPDATES, order: { by: ['priority', 'due_at'], tiebreaker: 'seq', direction: 'ASC' } });
    expect(listSql(parseList(list, {}), { alias: 'x' }).orderBy).toBe('ORDER BY x.priority ASC, x.due_at ASC, x.seq ASC');
  });

  it('has only LIMIT for a list without offset', () => {
    const unpaged = defineList({ ...UPDATES, paginated: false, page: { limit: { min: 1, max: 100, default: 25 } } });
    expect(listSql(parseList(unpaged, { status: 'done' }), SCOPE)).toMatchObject({
      limit: 'LIMIT $3',
      params: ['ws', 'done', 25],
      countParams: ['ws', 'done'],
    });
  });

  it("a search matches any of its columns case-insensitively, with the query's own % _ and backslash taken literally", () => {
    const SEARCHED = defineList({ ...UPDATES, key: 'searched', search: { columns: ['serial_number', 'name'] } });
    const q = parseList(SEARCHED, { q: '  50%_a\\b ', status: 'done' });
    expect(listSql(q, SCOPE)).toMatchObject({
      where: 'WHERE u.workspace_id = $1 AND u.status = $2 AND (u.serial_number ILIKE $3 OR u.name ILIKE $3)',
      limit: 'LIMIT $4 OFFSET $5',
      params: ['ws', 'done', '%50\\%\\_a\\\\b%', 50, 0],
      countParams: ['ws', 'done', '%50\\%\\_a\\\\b%'],
      variant: '_by_status_matching',
    });
    // blank is no search; a list without a search ignores q
    expect(listSql(parseList(SEARCHED, { q: '   ' }), SCOPE).variant).toBe('');
    expect(listSql(parseList(UPDATES, { q: 'x' }), SCOPE).variant).toBe('');
  });

  it("a search column of a joined table keeps its own alias, the list's columns take the scope's", () => {
    const JOINED = defineList({ ...UPDATES, key: 'joined', search: { columns: ['u.email', 'name'] } });
    expect(listSql(parseList(JOINED, { q: 'ann' }), { sql: 'm.workspace_id = $1', params: ['ws'], alias: 'm' }).where).toBe(
      'WHERE m.workspace_id = $1 AND (u.email ILIKE $2 OR m.name ILIKE $2)',
    );
    expect(() => defineList({ ...UPDATES, key: 'bad', search: { columns: ['u.e mail'] } })).toThrow(/identifier/);
  });
});

describe('listValues', () => {
  it("gives a request listSql's values and variant, without building its text", () => {
    const SEARCHED = defineList({ ...UPDATES, key: 'searched_values', search: { columns: ['serial_number', 'name'] } });
    for (const query of [{}, { status: 'done' }, { filter: { kind: 'config', robot_id: ID }, status: 'done', q: '50%_a\\b', limit: '5' }]) {
      const q = parseList(SEARCHED, query);
      const { params, countParams, variant } = listSql(q, SCOPE);
      expect(listValues(q, SCOPE.params)).toMatchObject({ params, countParams, variant });
    }
  });
});
