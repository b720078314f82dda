import { isStorableDateTime } from './date-time';

describe('isStorableDateTime', () => {
  it.each(['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.123+02:00', '2024-02-29T23:59:59Z', '2024-01-01'])('accepts %s', (value) => {
    expect(isStorableDateTime(value)).toBe(true);
  });

  it.each([
    ['an ISO week date', '2024-W01-1'],
    ['an ordinal date', '2024-123'],
    ['the basic format', '20240101'],
    ['a decimal comma', '2024-01-01T00:00:00,5Z'],
    ['a day the month does not have', '2024-02-30T00:00:00Z'],
    ['year zero', '0000-01-01T00:00:00Z'],
    ['words', 'yesterday'],
    ['a number', 1704067200000],
  ])('refuses %s', (_label, value) => {
    expect(isStorableDateTime(value)).toBe(false);
  });
});
