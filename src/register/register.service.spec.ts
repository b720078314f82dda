import { nameFromEmail } from './register.service';

describe('nameFromEmail', () => {
  it('splits the local part on dots and capitalises each word', () => {
    expect(nameFromEmail('ada.lovelace@x.com')).toBe('Ada Lovelace');
  });

  it('splits on plus', () => {
    expect(nameFromEmail('bob+fleet@x')).toBe('Bob Fleet');
  });

  it('splits on underscores, dashes and runs of separators', () => {
    expect(nameFromEmail('grace_hopper@x.com')).toBe('Grace Hopper');
    expect(nameFromEmail('alan-turing@x.com')).toBe('Alan Turing');
    expect(nameFromEmail('ada.lovelace+fleet@x')).toBe('Ada Lovelace Fleet');
    expect(nameFromEmail('.ada..-_lovelace.@x')).toBe('Ada Lovelace');
  });

  it('ignores the domain', () => {
    expect(nameFromEmail('ada@lovelace.example')).toBe('Ada');
  });

  it('gives at least 2 characters for a one-character local part', () => {
    const name = nameFromEmail('x@y.z');
    expect(typeof name).toBe('string');
    expect(name.length).toBeGreaterThanOrEqual(2);
    expect(name.length).toBeLessThanOrEqual(120);
  });

  it('caps a very long local part at 120 characters', () => {
    expect(nameFromEmail(`${'a'.repeat(300)}@x.com`).length).toBeLessThanOrEqual(120);
    expect(nameFromEmail(`${'ab.'.repeat(200)}@x.com`).length).toBeLessThanOrEqual(120);
  });

  it.each([
    'x@y.z',
    'a@b',
    '@x.com',
    '.@x.com',
    '+@x.com',
    '..@x.com',
    '.a@x.com',
    'a.b@x.com',
    'a.-_+b@x.com',
    'ab@x.com',
    'no-at-sign',
    '',
    'é@x.com',
    `${'a'.repeat(119)}.b@x.com`,
    `${'a'.repeat(120)}@x.com`,
    `${'a'.repeat(121)}@x.com`,
    `${'a.'.repeat(150)}@x.com`,
    `${'-'.repeat(300)}@x.com`,
    `${'ß'.repeat(200)}@x.com`,
  ])('stays within 2..120 characters for %j', (email) => {
    const name = nameFromEmail(email);
    expect(name.length).toBeGreaterThanOrEqual(2);
    expect(name.length).toBeLessThanOrEqual(120);
  });

  it('never starts or ends with whitespace for separator-heavy input', () => {
    for (const email of ['a.b@x', `${'a'.repeat(119)}.b@x`, 'a..b@x']) {
      const name = nameFromEmail(email);
      expect(name).toBe(name.trim());
    }
  });
});
