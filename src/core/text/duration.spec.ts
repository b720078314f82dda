import { durationAdjective, formatDuration, formatDurationMs } from './duration';

describe('formatDuration', () => {
  it.each([
    [2_592_000, '30 days'],
    [86_400, '1 day'],
    [3_600, '1 hour'],
    [900, '15 minutes'],
    [60, '1 minute'],
    [90, '90 seconds'],
    [1, '1 second'],
    [0, '0 seconds'],
  ])('%d seconds is "%s"', (seconds, words) => {
    expect(formatDuration(seconds)).toBe(words);
  });

  it('uses the unit it is given', () => {
    expect(formatDuration(86_400, 'hour')).toBe('24 hours');
    expect(formatDuration(600, 'second')).toBe('600 seconds');
  });

  it('formats milliseconds, keeping a figure that is not whole seconds in ms', () => {
    expect(formatDurationMs(259_200_000)).toBe('3 days');
    expect(formatDurationMs(86_400_000, 'hour')).toBe('24 hours');
    expect(formatDurationMs(250)).toBe('250 ms');
  });

  it('says a duration as an adjective', () => {
    expect(durationAdjective(2_592_000)).toBe('30-day');
    expect(durationAdjective(1_800)).toBe('30-minute');
    expect(durationAdjective(600, 'second')).toBe('600-second');
  });
});
