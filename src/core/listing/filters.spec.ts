import { expectBadRequest } from '../../../test/support/problem';
import { extractFilter } from './filters';

const STATUSES = ['online', 'offline'] as const;

const expectInvalidStatus = (fn: () => unknown) => expectBadRequest(fn, 'invalid_status');

describe('extractFilter', () => {
  it('reads a top-level ?status=', () => {
    expect(extractFilter({ status: 'online' }, 'status', STATUSES)).toBe('online');
    expect(extractFilter({ status: 'offline' }, 'status', STATUSES)).toBe('offline');
  });

  it('reads ?filter[status]= from the extended parser (query.filter object)', () => {
    expect(extractFilter({ filter: { status: 'offline' } }, 'status', STATUSES)).toBe('offline');
  });

  it("reads ?filter[status]= from the simple parser (query['filter[status]'])", () => {
    expect(extractFilter({ 'filter[status]': 'online' }, 'status', STATUSES)).toBe('online');
  });

  it('prefers the nested value over the top-level one', () => {
    expect(extractFilter({ status: 'online', filter: { status: 'offline' } }, 'status', STATUSES)).toBe('offline');
    expect(extractFilter({ status: 'offline', 'filter[status]': 'online' }, 'status', STATUSES)).toBe('online');
  });

  it('the nested value wins even when the top-level one is invalid', () => {
    expect(extractFilter({ status: 'bogus', filter: { status: 'online' } }, 'status', STATUSES)).toBe('online');
  });

  it('falls back to top-level when the filter object holds other names only', () => {
    expect(extractFilter({ status: 'online', filter: { kind: 'robot' } }, 'status', STATUSES)).toBe('online');
  });

  it('with nestedOnly, ignores the top-level value', () => {
    expect(extractFilter({ status: 'online' }, 'status', STATUSES, { nestedOnly: true })).toBeUndefined();
    expect(extractFilter({ status: 'bogus' }, 'status', STATUSES, { nestedOnly: true })).toBeUndefined();
  });

  it('with nestedOnly, still reads both nested forms', () => {
    expect(extractFilter({ filter: { status: 'online' } }, 'status', STATUSES, { nestedOnly: true })).toBe('online');
    expect(extractFilter({ 'filter[status]': 'offline' }, 'status', STATUSES, { nestedOnly: true })).toBe('offline');
  });

  it('rejects a value outside the allowed list with invalid_<name>', () => {
    expectInvalidStatus(() => extractFilter({ status: 'away' }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ status: '' }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ status: 'ONLINE' }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ filter: { status: 'away' } }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ 'filter[status]': 'away' }, 'status', STATUSES));
  });

  it('names the filter in the detail', () => {
    expectBadRequest(() => extractFilter({ kind: 'tank' }, 'kind', ['robot', 'service']), 'invalid_kind');
  });

  it('rejects a repeated parameter (array value)', () => {
    expectInvalidStatus(() => extractFilter({ status: ['online', 'offline'] }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ status: ['online'] }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ filter: { status: ['online', 'online'] } }, 'status', STATUSES));
    expectInvalidStatus(() => extractFilter({ 'filter[status]': ['online', 'offline'] }, 'status', STATUSES));
  });

  it('accepts any UUID for a uuid filter and rejects anything else with invalid_<name>', () => {
    const id = '0b7c7c3e-5d2a-4c1e-9f65-2f1d0c9a7b11';
    expect(extractFilter({ robot_id: id }, 'robot_id', 'uuid')).toBe(id);
    expect(extractFilter({ filter: { robot_id: id.toUpperCase() } }, 'robot_id', 'uuid')).toBe(id.toUpperCase());
    for (const bad of ['', 'abc', `${id}x`, id.slice(1), `{${id}}`, "1' OR '1'='1"]) {
      expectBadRequest(() => extractFilter({ robot_id: bad }, 'robot_id', 'uuid'), 'invalid_robot_id');
    }
    expectBadRequest(() => extractFilter({ robot_id: [id] }, 'robot_id', 'uuid'), 'invalid_robot_id');
  });

  it('returns undefined when absent', () => {
    expect(extractFilter({}, 'status', STATUSES)).toBeUndefined();
    expect(extractFilter({ other: 'online' }, 'status', STATUSES)).toBeUndefined();
    expect(extractFilter({ filter: {} }, 'status', STATUSES)).toBeUndefined();
  });
});
