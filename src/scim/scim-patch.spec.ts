import { applyPatch, canonicalPath, memberChange, readPatchOperations } from './scim-patch';
import { ScimUrns } from './scim-schemas';
import { readUserInput } from './scim-user-input';

const E = ScimUrns.enterpriseUser;
const U = ScimUrns.user;
const meta = { resourceType: 'User', created: new Date(0), lastModified: new Date(0), location: 'x', version: 'W/"1"' };
const user = () => ({
  schemas: [U],
  id: '6b0ba1b6-1d0c-4b3c-9b1c-0e0c7b0c0d01',
  userName: 'ada@example.com',
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  displayName: 'Ada',
  emails: [{ value: 'ada@example.com', type: 'work', primary: true }],
  active: true,
  groups: [],
  meta,
});
const patched = (...ops: unknown[]) => applyPatch(user(), readPatchOperations({ schemas: [ScimUrns.patchOp], Operations: ops }, U));

describe('readPatchOperations: the forms Okta and Entra send', () => {
  it("reads op names in any case (Entra's Replace, Add, Remove)", () => {
    const ops = readPatchOperations(
      {
        Operations: [
          { op: 'Replace', path: 'displayName', value: 'x' },
          { op: 'ADD', path: 'externalId', value: 'y' },
          { op: 'remove', path: 'externalId' },
        ],
      },
      U,
    );
    expect(ops.map((o) => o.op)).toEqual(['replace', 'add', 'remove']);
  });

  it('splits a path-less replace into one operation per attribute, dropping id, meta and schemas (Okta)', () => {
    expect(readPatchOperations({ Operations: [{ op: 'replace', value: { id: 'x', active: false, meta: {}, schemas: [] } }] }, U)).toEqual([
      { op: 'replace', path: 'active', value: false },
    ]);
  });

  it('merges complex values sub-attribute by sub-attribute, including dotted and URN keys', () => {
    expect(
      readPatchOperations(
        { Operations: [{ op: 'replace', value: { name: { givenName: 'G' }, 'name.familyName': 'F', [E]: { department: 'D' } } }] },
        U,
      ),
    ).toEqual([
      { op: 'replace', path: 'name.givenName', value: 'G' },
      { op: 'replace', path: 'name.familyName', value: 'F' },
      { op: 'replace', path: `${E}:department`, value: 'D' },
    ]);
  });

  it('canonicalises attribute names and drops the core schema URN', () => {
    expect(canonicalPath('ACTIVE', U)).toBe('active');
    expect(canonicalPath(`${U}:userName`, U)).toBe('userName');
    expect(canonicalPath('Name.GivenName', U)).toBe('name.givenName');
    expect(canonicalPath(`${E.toUpperCase()}:Department`, U)).toBe(`${E}:department`);
    expect(canonicalPath('emails[type eq "work"].Value', U)).toBe('emails[type eq "work"].value');
  });

  it.each([
    [{}, 'Operations must be a non-empty array'],
    [{ Operations: [] }, 'Operations must be a non-empty array'],
    [{ Operations: [1] }, 'each operation must be an object'],
    [{ Operations: [{ op: 'move', path: 'a' }] }, 'op must be add, remove or replace'],
    [{ Operations: [{ op: 'replace', path: 3 }] }, 'path must be a string'],
    [[], 'the body must be a PatchOp message'],
  ])('refuses %j as invalidSyntax', (body, message) => {
    expect(() => readPatchOperations(body, U)).toThrow(expect.objectContaining({ code: 'scim_invalid_syntax', detail: message }));
  });

  it('a remove without a path is noTarget; a change of groups is mutability', () => {
    expect(() => readPatchOperations({ Operations: [{ op: 'remove' }] }, U)).toThrow(expect.objectContaining({ code: 'scim_no_target' }));
    expect(() => readPatchOperations({ Operations: [{ op: 'add', path: 'groups', value: [] }] }, U)).toThrow(
      expect.objectContaining({ code: 'scim_mutability' }),
    );
    expect(() => readPatchOperations({ Operations: [{ op: 'replace', value: 'x' }] }, U)).toThrow(
      expect.objectContaining({ code: 'scim_invalid_value' }),
    );
  });
});

describe('applyPatch, then readUserInput', () => {
  it('deactivates with the "False" string Entra sends, and reactivates with "True"', () => {
    expect(readUserInput(patched({ op: 'Replace', path: 'active', value: 'False' })).active).toBe(false);
    expect(readUserInput(patched({ op: 'replace', path: 'active', value: 'True' })).active).toBe(true);
  });

  it("replaces the work email through Entra's value filter, and adds one where none matches", () => {
    expect(readUserInput(patched({ op: 'Replace', path: 'emails[type eq "work"].value', value: 'new@example.com' })).emails).toEqual([
      { value: 'new@example.com', type: 'work', primary: true },
    ]);
    const withoutWork = readUserInput(
      patched(
        { op: 'remove', path: 'emails[type eq "work"]' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'w@example.com' },
      ),
    );
    expect(withoutWork.emails).toEqual([{ value: 'w@example.com', type: 'work' }]);
  });

  it('sets and removes enterprise attributes, the manager as Entra sends it (an id)', () => {
    const set = readUserInput(
      patched({ op: 'Add', path: `${E}:manager`, value: 'm-1' }, { op: 'Replace', path: `${E}:department`, value: 'Ops' }),
    );
    expect(set.enterprise).toEqual({ manager: { value: 'm-1' }, department: 'Ops' });
    const doc = patched({ op: 'Add', path: `${E}:manager`, value: 'm-1' });
    const removed = readUserInput(applyPatch(doc, readPatchOperations({ Operations: [{ op: 'Remove', path: `${E}:manager` }] }, U)));
    expect(removed.enterprise).toBeNull();
  });

  it('ignores attributes the plane does not store', () => {
    expect(readUserInput(patched({ op: 'add', path: 'nickName', value: 'x' }))).toEqual(readUserInput(user()));
  });

  it('ignores operations on attributes it does not keep, even those scim-patch would refuse (a filter on an absent attribute)', () => {
    const ops = [
      { op: 'remove', path: 'phoneNumbers[type eq "work"]' },
      { op: 'remove', path: 'addresses[type eq "work"].formatted' },
      { op: 'Replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 555' },
      { op: 'add', value: { title: 'CTO', 'urn:example:params:scim:schemas:extension:acme:2.0:User': { badge: 7 } } },
    ];
    expect(readPatchOperations({ Operations: ops }, U)).toEqual([]);
    expect(readUserInput(patched(...ops, { op: 'replace', path: 'displayName', value: 'A. L.' }))).toEqual({
      ...readUserInput(user()),
      displayName: 'A. L.',
    });
    expect(readPatchOperations({ Operations: [{ op: 'replace', path: 'userName', value: 'x' }] }, ScimUrns.group)).toEqual([]);
  });

  it('ignores nulls, with a path or inside a path-less value (API.md: never refused)', () => {
    const ops = [
      { op: 'replace', path: 'name', value: null },
      { op: 'replace', value: { name: null, emails: null, displayName: 'Ada L.' } },
      { op: 'Replace', path: `${E}:manager`, value: null },
      { op: 'add', path: 'name.givenName', value: null },
      { op: 'replace', value: null },
    ];
    expect(readPatchOperations({ Operations: ops }, U)).toEqual([{ op: 'replace', path: 'displayName', value: 'Ada L.' }]);
    expect(readUserInput(patched(...ops))).toEqual({ ...readUserInput(user()), displayName: 'Ada L.' });
  });

  it('a failing operation changes nothing and is a SCIM error', () => {
    expect(() => patched({ op: 'remove', path: 'emails[type eq' })).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('memberChange', () => {
  const op = (o: Record<string, unknown>) => readPatchOperations({ Operations: [o] }, ScimUrns.group)[0];

  it('reads add, replace and the three removes', () => {
    expect(memberChange(op({ op: 'Add', path: 'members', value: [{ value: 'a' }, { value: 'b', display: 'B' }] }))).toEqual({
      kind: 'add',
      ids: ['a', 'b'],
    });
    expect(memberChange(op({ op: 'replace', path: 'members', value: [{ value: 'c' }] }))).toEqual({ kind: 'replace', ids: ['c'] });
    expect(memberChange(op({ op: 'Remove', path: 'members', value: [{ $ref: null, value: 'a' }] }))).toEqual({
      kind: 'remove',
      ids: ['a'],
    });
    expect(memberChange(op({ op: 'remove', path: 'members[value eq "a"]' }))).toEqual({ kind: 'remove', ids: ['a'] });
    expect(memberChange(op({ op: 'remove', path: 'members[value eq "a" or value eq "b"]' }))).toEqual({ kind: 'remove', ids: ['a', 'b'] });
    expect(memberChange(op({ op: 'remove', path: 'members' }))).toEqual({ kind: 'remove_all' });
  });

  it('a replace of members with null empties the group, as RFC 7644 reads it', () => {
    expect(memberChange(op({ op: 'replace', path: 'members', value: null }))).toEqual({ kind: 'replace', ids: [] });
  });

  it('a path-less add of members (Okta) is an add', () => {
    expect(memberChange(op({ op: 'add', value: { members: [{ value: 'a' }] } }))).toEqual({ kind: 'add', ids: ['a'] });
  });

  it('refuses a member filter it cannot read', () => {
    expect(() => memberChange(op({ op: 'remove', path: 'members[display eq "x"]' }))).toThrow(
      expect.objectContaining({ code: 'scim_invalid_value' }),
    );
  });
});
