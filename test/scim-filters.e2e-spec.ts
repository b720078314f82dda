import { uniqueEmail } from './support/builders';
import { ERROR_SCHEMA, makeScimTenant, oktaUser, scim, ScimTenant } from './support/scim';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

/** The query string of a filter, percent-encoded as a provider sends it (a raw NUL becomes %00). */
const filter = (f: string) => `?filter=${encodeURIComponent(f)}`;
const ids = (res: Response) => (res.body.Resources as { id: string }[]).map((r) => r.id);

/** What a refused filter must look like: the RFC 7644 3.12 error with scimType invalidFilter. */
function expectInvalidFilter(res: Response, f: string) {
  expect({ f, status: res.status, type: res.headers['content-type'] }).toEqual({
    f,
    status: 400,
    type: expect.stringContaining('application/scim+json'),
  });
  expect(res.body).toEqual({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidFilter', detail: expect.any(String) });
}

/**
 * SCIM list filters (issue 51, item 4): a string value is a JSON string (RFC 7644 3.4.2.2, RFC
 * 8259 escapes) compared exactly; a filter that does not parse, or that this plane does not
 * support, is 400 invalidFilter and never the unfiltered list; a NUL in a value is 400 too
 * (PostgreSQL text cannot hold one). On /Users and, with SCIM_GROUP_FILTERS=true, on /Groups.
 */
describe('SCIM filters: escapes, exact matches, invalidFilter', () => {
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
      for (const f of ['userName eq "nobody\\"', 'userName eq "nobody\\', 'userName eq "nobody', 'userName eq "x\\u12"']) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Users${filter(f)}`), f);
      }
    });

    it('a NUL in a value, raw or escaped, is 400 invalidFilter, not a 500 or the whole list', async () => {
      await user(uniqueEmail('nul'));
      for (const f of ['userName eq "a\u0000b"', 'userName eq "a\\u0000b"', 'externalId eq "\\u0000"', 'emails.value eq "x\u0000"']) {
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

    it('what does not parse, or is not supported, is 400 invalidFilter, never the unfiltered list', async () => {
      await user(uniqueEmail('listed'));
      for (const f of [
        '((',
        '',
        'userName eq ada', // unquoted
        'userName eq "a" extra',
        'userName co "a"',
        'userName eq "a" or userName eq "b"',
        'not (userName eq "a")',
        'title eq "x"',
        'active eq true',
      ]) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Users${filter(f)}`), f);
      }
      expectInvalidFilter(await scim(t, a.token, 'get', '/Users?filter=userName%20eq%20%22a%22&filter=userName%20eq%20%22b%22'), 'twice');
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

    it('an unterminated escape, a NUL, or an unsupported filter is 400 invalidFilter', async () => {
      await group(`Listed ${uniqueEmail('g')}`);
      for (const f of [
        'displayName eq "nobody\\"',
        'displayName eq "a\u0000"',
        'displayName eq "a\\u0000"',
        'displayName co "Listed"',
        'members[value eq "x"]',
        '((',
      ]) {
        expectInvalidFilter(await scim(t, a.token, 'get', `/Groups${filter(f)}`), f);
      }
    });
  });
});
