import { ordinal } from './ordinal';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [31, '31st'],
    [102, '102nd'],
    [112, '112th'],
  ])('%d is %s', (n, words) => {
    expect(ordinal(n)).toBe(words);
  });
});
