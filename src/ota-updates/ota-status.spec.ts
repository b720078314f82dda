import { reportableFrom } from './ota-status';

describe('OTA status reports move forward only', () => {
  it.each([
    ['downloading', ['pending', 'downloading']],
    ['installing', ['pending', 'downloading', 'installing']],
    ['succeeded', ['pending', 'downloading', 'installing']],
    ['failed', ['pending', 'downloading', 'installing']],
  ] as const)('%s may follow %j', (to, from) => {
    expect(reportableFrom(to)).toEqual(from);
  });
});
