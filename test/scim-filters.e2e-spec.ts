import { uniqueEmail } from './support/builders';
import { ERROR_SCHEMA, makeScimTenant, oktaUser, scim, ScimTenant } from './support/scim';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

/** The query string of a filter, percent-encoded as a provider sends it (a raw NUL becomes %00). */
const filter = (f: string) => `?filter=${encodeURIComponent(f)}`;
const ids = (res: Response) => (res.body.Resources as { id: string }[]).map((r) => r.id);

/** What a filter that cannot be parsed gets: the RFC 7644 3.12 error with scimType invalidFilter. */
function expectInvalidFilter(res: Response, f: string) {
  expect({ f, status: res.status, type: res.headers['content-type'] }).toEqual({
    f,
    status: 400,
    type: expect.stringContaining('application/scim+json'),
  });
  expect(res.body).toEqual({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidFilter', detail: expect.any(String) });
}

/** A filter the plane ignores: 200 with the same list as no filter at all. */
async function expectIgnored(t: TestApp, token: string, resource: '/Users' | '/Groups', f: string) {
  const all = await scim(t, token, 'get', `${resource}?count=100`).expect(200);
  const res = await scim(t, token, 'get', `${resource}${filter(f)}&count=100`);
  expect({ f, status: res.status, ids: res.status === 200 ? ids(res) : res.body }).toEqual({ f, status: 200, ids: ids(all) });
  expect(ids(all).length).toBeGreaterThan(1);
}

/**
 * SCIM list filters (issue 51, item 4; decision 0226): a string value is a JSON string (RFC 7644
 * 3.4.2.2, RFC 8259 escapes) compared exactly; a filter that cannot be parsed (an unterminated
 * string, an escape JSON does not have, a NUL, unbalanced brackets, a missing operator or value,
 * more after a complete filter) is 400 invalidFilter and never the unfiltered list; a
 * well-formed filter the plane does not support is ignored, as API.md says. On /Users and, with
 * SCIM_GROUP_FILTERS=true, on /Groups; with it off the Groups filter is not read at all.
 */
describe('SCIM filters: escapes, exact matches, invalidFilter for what cannot be parsed', () => {
  let t: TestApp;
  let a: ScimTenant;

  beforeAll(async () => {
    t = await createTestApp({ env: { SCIM_GROUP_FILTERS: 'true' } });
    a = await makeScimTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('/Users', () => {
    const user = async (userName: string, externalId?: string) =>
      (await scim(t, a.token, 'post', '/Users', oktaUser({ userName, email: uniqueEmail('f'), externalId })).expect(201)).body as {
        id: string;
      };
    const find = async (f: string) => ids(await scim(t, a.token, 'get', `/Users${filter(f)}`).expect(200));

    it('finds CORP\\jdoe by the escaped filter, and an externalId holding a backslash', async () => {
      const jdoe = await user('CORP\\jdoe', 'S-1\\5\\21');
      await user('CORP\\\\jdoe'); // two backslashes: another name
      expect(await find('userName eq "CORP\\\\jdoe"')).toEqual([jdoe.id]);
      expect(await find('userName eq "corp\\\\JDOE"')).toEqual([jdoe.id]);
      expect(await find('externalId eq "S-1\\\\5\\\\21"')).toEqual([jdoe.id]);
    });

    it('userName eq "nobody\\\\" finds nobody; an unterminated string or escape is 400 invalidFilter', async () => {
      await user(uniqueEmail('somebody'));
      expect(await find('userName eq "nobody\\\\"')).toEqual([]);
      for (const f of [
        'userName eq "nobody\\"',
        'userName eq "nobody\\',
        'userName eq "nobody',
        'userName eq "x\\u12"',
        'userName eq "CORP\\jdoe"', // \j is no JSON escape
        'title eq "\\j"', // on an attribute no comparison supports, too: the text is no filter
      ]) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Users${filter(f)}`), f);
      }
    });

    it('a NUL in a value, raw or escaped, is 400 invalidFilter, not a 500 or the whole list', async () => {
      await user(uniqueEmail('nul'));
      for (const f of [
        'userName eq "a\u0000b"',
        'userName eq "a\\u0000b"',
        'externalId eq "\\u0000"',
        'emails.value eq "x\u0000"',
        'userName eq a\u0000b',
        'userName eq "\\ud800"',
      ]) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Users${filter(f)}`), f);
      }
    });

    it('decodes every JSON escape and compares exactly: % and _ match only themselves', async () => {
      const quoted = await user('say "hi"/José\tTab');
      const percent = await user('50%_off');
      await user('50XYoff');
      await user('50%Xoff');
      expect(await find('userName eq "say \\"hi\\"\\/Jos\\u00e9\\tTab"')).toEqual([quoted.id]);
      expect(await find('userName eq "say \\"hi\\"/José\\u0009Tab"')).toEqual([quoted.id]);
      expect(await find('userName eq "50%_off"')).toEqual([percent.id]);
      expect(await find('userName eq "50%"')).toEqual([]);
      expect(await find('userName eq "%"')).toEqual([]);
      expect(await find('userName eq "_"')).toEqual([]);
    });

    it('what cannot be parsed is 400 invalidFilter, never the unfiltered list', async () => {
      await user(uniqueEmail('listed'));
      for (const f of [
        '((',
        '(userName eq "a"',
        'userName eq "a")',
        'emails[value eq "a"',
        'userName eq "a" extra',
        'userName eq "a" or',
        'userName eq',
        'userName "a"',
        'userName eqq "a"',
      ]) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Users${filter(f)}`), f);
      }
      expectInvalidFilter(await scim(t, a.token, 'get', '/Users?filter=userName%20eq%20%22a%22&filter=userName%20eq%20%22b%22'), 'twice');
    });

    it('a well-formed filter it does not support is ignored: the unfiltered list, never a 400 (API.md)', async () => {
      await user(uniqueEmail('one'));
      await user(uniqueEmail('two'));
      for (const f of [
        'userName eq ada', // unquoted: API.md names it unsupported and ignored
        'userName co "a"',
        'userName gt "a"',
        'userName pr',
        'userName eq "a" or userName eq "b"',
        'userName eq "a" and externalId eq "b"',
        'not (userName eq "a")',
        'title eq "x"',
        'active eq true',
        'userName eq 1',
        'userName eq null',
      ]) {
        await expectIgnored(t, a.token, '/Users', f);
      }
    });

    it('an empty filter, or one of only spaces, is no filter', async () => {
      await user(uniqueEmail('empty'));
      const all = ids(await scim(t, a.token, 'get', '/Users?count=100').expect(200));
      expect(ids(await scim(t, a.token, 'get', '/Users?filter=&count=100').expect(200))).toEqual(all);
      expect(ids(await scim(t, a.token, 'get', '/Users?filter=%20%20&count=100').expect(200))).toEqual(all);
    });
  });

  describe('/Groups (SCIM_GROUP_FILTERS=true)', () => {
    const group = async (displayName: string, externalId?: string) =>
      (await scim(t, a.token, 'post', '/Groups', { displayName, externalId }).expect(201)).body as { id: string };
    const find = async (f: string) => ids(await scim(t, a.token, 'get', `/Groups${filter(f)}&excludedAttributes=members`).expect(200));

    it('finds CORP\\Admins by the escaped filter; "nobody\\\\" finds nobody; % and _ match only themselves', async () => {
      const admins = await group('CORP\\Admins', 'G\\1');
      const percent = await group('100%_ops');
      await group('100XYops');
      expect(await find('displayName eq "CORP\\\\Admins"')).toEqual([admins.id]);
      expect(await find('externalId eq "G\\\\1"')).toEqual([admins.id]);
      expect(await find('displayName eq "nobody\\\\"')).toEqual([]);
      expect(await find('displayName eq "100%_ops"')).toEqual([percent.id]);
      expect(await find('displayName eq "100%"')).toEqual([]);
    });

    it('an unterminated escape, a NUL, or what else cannot be parsed is 400 invalidFilter', async () => {
      await group(`Listed ${uniqueEmail('g')}`);
      for (const f of [
        'displayName eq "nobody\\"',
        'displayName eq "a\u0000"',
        'displayName eq "a\\u0000"',
        'displayName eq "\\j"',
        '((',
      ]) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Groups${filter(f)}`), f);
      }
    });

    it('a well-formed filter it does not support is ignored', async () => {
      await group(`Listed ${uniqueEmail('g1')}`);
      await group(`Listed ${uniqueEmail('g2')}`);
      for (const f of [
        'displayName co "Listed"',
        'members[value eq "x"]',
        'displayName eq Listed',
        'displayName eq "a" or externalId eq "b"',
      ]) {
        await expectIgnored(t, a.token, '/Groups', f);
      }
    });
  });

  describe('/Groups (SCIM_GROUP_FILTERS off): the parameter is not read', () => {
    let off: TestApp;
    let b: ScimTenant;
    beforeAll(async () => {
      off = await createTestApp();
      b = await makeScimTenant(off);
    });
    afterAll(async () => {
      await off.close();
    });

    it('any filter, supported, unsupported or one that cannot be parsed, is the unfiltered list', async () => {
      const one = (await scim(off, b.token, 'post', '/Groups', { displayName: 'Off One', externalId: 'o-1' }).expect(201)).body;
      await scim(off, b.token, 'post', '/Groups', { displayName: 'Off Two' }).expect(201);
      for (const f of ['displayName eq "Off One"', 'externalId eq "o-1"', 'displayName co "Off"', '((', 'displayName eq "nobody\\"']) {
        await expectIgnored(off, b.token, '/Groups', f);
      }
      const twice = await scim(off, b.token, 'get', '/Groups?filter=a&filter=b').expect(200);
      expect(ids(twice)).toContain(one.id);
    });
  });
});
