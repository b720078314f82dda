import { ScimUrns } from './scim-schemas';
import { accountName, loginEmail, MAX_SCIM_STRING, readUserInput } from './scim-user-input';

describe('readUserInput', () => {
  it('reads the stored attributes and ignores everything else', () => {
    const input = readUserInput({
      userName: ' ada ',
      externalId: 'x1',
      displayName: 'Ada',
      name: { givenName: 'Ada', familyName: 'L', middleName: 'ignored', formatted: null },
      emails: [{ value: 'A@X.io', type: 'work', primary: 'True' }, { value: '' }, 'junk', { type: 'home' }],
      phoneNumbers: [{ value: '1' }],
      password: 'never stored',
      [ScimUrns.enterpriseUser]: { department: 'D', costCenter: 'C', nonsense: 'x', manager: { value: 'm', displayName: 'M', other: 1 } },
    });
    expect(input).toEqual({
      userName: 'ada',
      externalId: 'x1',
      displayName: 'Ada',
      name: { givenName: 'Ada', familyName: 'L' },
      emails: [{ value: 'A@X.io', type: 'work', primary: true }],
      active: true,
      enterprise: { department: 'D', costCenter: 'C', manager: { value: 'm', displayName: 'M' } },
    });
  });

  it('reads attribute names in any case, and nulls as absent', () => {
    const input = readUserInput({ USERNAME: 'a', Active: 'FALSE', externalId: null, Emails: [{ Value: 'x@y.z' }] });
    expect(input).toMatchObject({ userName: 'a', active: false, externalId: null, emails: [{ value: 'x@y.z' }] });
  });

  it.each([
    [{}, 'userName is required'],
    [{ userName: '  ' }, 'userName is required'],
    [{ userName: 5 }, 'userName is required'],
    [{ userName: 'a', active: 'maybe' }, 'active must be a boolean'],
    [{ userName: 'a', active: 1 }, 'active must be a boolean'],
    [{ userName: 'x'.repeat(MAX_SCIM_STRING + 1) }, `userName is longer than ${MAX_SCIM_STRING} characters or 2048 bytes in UTF-8`],
    // 683 three-byte characters: within 1,024 characters, beyond the bytes a B-tree entry holds
    [{ userName: '\u4e00'.repeat(683) }, `userName is longer than ${MAX_SCIM_STRING} characters or 2048 bytes in UTF-8`],
    [
      { userName: 'u', emails: [{ value: '\u4e01'.repeat(1000) }] },
      `value is longer than ${MAX_SCIM_STRING} characters or 2048 bytes in UTF-8`,
    ],
    [
      { userName: 'u', externalId: '\u4e02'.repeat(1024) },
      `externalId is longer than ${MAX_SCIM_STRING} characters or 2048 bytes in UTF-8`,
    ],
    [{ userName: 'a', emails: Array.from({ length: 21 }, (_, i) => ({ value: `${i}@x.io` })) }, 'at most 20 emails'],
  ])('refuses %j as invalidValue', (body, detail) => {
    expect(() => readUserInput(body)).toThrow(expect.objectContaining({ status: 400, code: 'scim_invalid_value', detail }));
  });

  it('refuses a body that is not an object as invalidSyntax', () => {
    for (const body of [null, [], 'x', 1])
      expect(() => readUserInput(body)).toThrow(expect.objectContaining({ code: 'scim_invalid_syntax' }));
  });
});

describe('loginEmail and accountName', () => {
  it('the login email is the primary email, else the first, else userName, lower-cased', () => {
    expect(loginEmail({ userName: 'u', emails: [{ value: 'first@x.io' }, { value: 'Primary@X.io', primary: true }] })).toBe('primary@x.io');
    expect(loginEmail({ userName: 'u', emails: [{ value: ' First@x.io ' }] })).toBe('first@x.io');
    expect(loginEmail({ userName: 'User@X.io', emails: [] })).toBe('user@x.io');
  });

  it('the account name is displayName, else formatted, else given and family name, else userName', () => {
    const base = readUserInput({ userName: 'u' });
    expect(accountName({ ...base, displayName: 'D', name: { formatted: 'F' } })).toBe('D');
    expect(accountName({ ...base, name: { formatted: 'F', givenName: 'G' } })).toBe('F');
    expect(accountName({ ...base, name: { givenName: 'G', familyName: 'H' } })).toBe('G H');
    expect(accountName(base)).toBe('u');
  });
});
