import { uniqueEmail } from './support/builders';
import {
  ENTERPRISE,
  entraUser,
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  makeScimTenant,
  oktaUser,
  PATCH_OP,
  scim,
  ScimTenant,
  USER_SCHEMA,
} from './support/scim';
import { createTestApp, TestApp } from './support/test-app';

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const filter = (f: string) => `?filter=${encodeURIComponent(f)}`;

/**
 * The request sequences Okta and Microsoft Entra ID send (from their published SCIM 2.0
 * provisioning documentation), replayed against /scim/v2 on a real Postgres and Redis: import,
 * update, deactivate, reactivate and remove a user, and push a group.
 */
describe('SCIM: the sequences Okta and Entra send', () => {
  let t: TestApp;
  let a: ScimTenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await makeScimTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('Okta', () => {
    it('imports a user: a filtered lookup finds nobody, the create is 201 with Location and meta, the lookup then finds it', async () => {
      const body = oktaUser();
      const lookup = await scim(t, a.token, 'get', `/Users${filter(`userName eq "${body.userName}"`)}&startIndex=1&count=100`).expect(200);
      expect(lookup.headers['content-type']).toBe('application/scim+json; charset=utf-8');
      expect(lookup.body).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

      const created = await scim(t, a.token, 'post', '/Users', body).expect(201);
      expect(created.headers['content-type']).toBe('application/scim+json; charset=utf-8');
      expect(created.headers.location).toBe(`${t.config.baseUrl}/scim/v2/Users/${created.body.id}`);
      expect(created.body).toEqual({
        schemas: [USER_SCHEMA],
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        externalId: body.externalId,
        userName: body.userName,
        name: { givenName: 'Ada', familyName: 'Lovelace' },
        displayName: 'Ada Lovelace',
        emails: [{ value: body.emails[0].value, type: 'work', primary: true }],
        active: true,
        groups: [],
        meta: {
          resourceType: 'User',
          created: expect.any(String),
          lastModified: expect.any(String),
          location: created.headers.location,
          version: 'W/"1"',
        },
      });
      expect(created.body).not.toHaveProperty('password');

      const found = await scim(t, a.token, 'get', `/Users${filter(`userName eq "${body.userName.toUpperCase()}"`)}`).expect(200);
      expect(found.body.totalResults).toBe(1);
      expect(found.body.Resources[0]).toEqual(created.body);
      expect((await scim(t, a.token, 'get', `/Users/${created.body.id}`).expect(200)).body).toEqual(created.body);
    });

    it('updates a profile with PUT, deactivates and reactivates with a path-less replace, and the version moves each time', async () => {
      const created = (await scim(t, a.token, 'post', '/Users', oktaUser()).expect(201)).body;
      const put = await scim(t, a.token, 'put', `/Users/${created.id}`, {
        ...oktaUser({ userName: created.userName, externalId: created.externalId, email: created.emails[0].value }),
        id: created.id,
        name: { givenName: 'Augusta', familyName: 'King' },
        displayName: 'Augusta King',
      }).expect(200);
      expect(put.body).toMatchObject({ name: { givenName: 'Augusta', familyName: 'King' }, displayName: 'Augusta King', active: true });
      expect(put.body.meta.version).toBe('W/"2"');

      const off = await scim(t, a.token, 'patch', `/Users/${created.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { id: created.id, active: false } }],
      }).expect(200);
      expect(off.body).toMatchObject({ id: created.id, active: false, displayName: 'Augusta King' });
      expect(off.body.meta.version).toBe('W/"3"');
      // a deactivated user stays listed, with active false
      const listed = await scim(t, a.token, 'get', `/Users${filter(`userName eq "${created.userName}"`)}`).expect(200);
      expect(listed.body.Resources[0].active).toBe(false);

      const on = await scim(t, a.token, 'patch', `/Users/${created.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: true } }],
      }).expect(200);
      expect(on.body.active).toBe(true);
    });

    it('pushes a group: create with members, rename with a path-less replace, add and remove members, delete', async () => {
      const u1 = (await scim(t, a.token, 'post', '/Users', oktaUser()).expect(201)).body;
      const u2 = (await scim(t, a.token, 'post', '/Users', oktaUser()).expect(201)).body;
      const group = await scim(t, a.token, 'post', '/Groups', {
        schemas: [GROUP_SCHEMA],
        displayName: `Engineering ${u1.id.slice(0, 6)}`,
        members: [{ value: u1.id, display: u1.userName }],
      }).expect(201);
      expect(group.headers.location).toBe(`${t.config.baseUrl}/scim/v2/Groups/${group.body.id}`);
      expect(group.body.members).toEqual([{ value: u1.id, display: 'Ada Lovelace', $ref: `${t.config.baseUrl}/scim/v2/Users/${u1.id}` }]);

      const renamed = await scim(t, a.token, 'patch', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { id: group.body.id, displayName: `Platform ${u1.id.slice(0, 6)}` } }],
      }).expect(200);
      expect(renamed.body.displayName).toBe(`Platform ${u1.id.slice(0, 6)}`);
      expect(renamed.body.members.map((m: { value: string }) => m.value)).toEqual([u1.id]);

      const added = await scim(t, a.token, 'patch', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: u2.id, display: u2.userName }] }],
      }).expect(200);
      expect(added.body.members.map((m: { value: string }) => m.value)).toEqual([u1.id, u2.id]);
      // the user's groups show the membership
      expect((await scim(t, a.token, 'get', `/Users/${u2.id}`).expect(200)).body.groups).toEqual([
        { value: group.body.id, display: renamed.body.displayName, $ref: `${t.config.baseUrl}/scim/v2/Groups/${group.body.id}` },
      ]);

      const removed = await scim(t, a.token, 'patch', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${u1.id}"]` }],
      }).expect(200);
      expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([u2.id]);

      await scim(t, a.token, 'delete', `/Groups/${group.body.id}`).expect(204);
      await scim(t, a.token, 'get', `/Groups/${group.body.id}`).expect(404);
      expect((await scim(t, a.token, 'get', `/Users/${u2.id}`).expect(200)).body.groups).toEqual([]);
    });

    it('removes a user with DELETE: 204, then 404, and it leaves the list', async () => {
      const u = (await scim(t, a.token, 'post', '/Users', oktaUser()).expect(201)).body;
      const del = await scim(t, a.token, 'delete', `/Users/${u.id}`).expect(204);
      expect(del.text).toBe('');
      const gone = await scim(t, a.token, 'get', `/Users/${u.id}`).expect(404);
      expect(gone.body).toEqual({ schemas: [ERROR_SCHEMA], status: '404', detail: 'not_found' });
      expect((await scim(t, a.token, 'get', `/Users${filter(`userName eq "${u.userName}"`)}`)).body.totalResults).toBe(0);
      await scim(t, a.token, 'delete', `/Users/${u.id}`).expect(404);
    });
  });

  describe('Microsoft Entra ID', () => {
    it('provisions a user with the enterprise extension after a filtered lookup, as application/json', async () => {
      const body = entraUser();
      const lookup = await t
        .http()
        .get(`/scim/v2/Users${filter(`userName eq "${body.userName}"`)}`)
        .set('authorization', `Bearer ${a.token}`)
        .expect(200);
      expect(lookup.body.totalResults).toBe(0);
      const created = await t
        .http()
        .post('/scim/v2/Users')
        .set('authorization', `Bearer ${a.token}`)
        .set('content-type', 'application/json')
        .send(JSON.stringify(body))
        .expect(201);
      expect(created.body.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
      expect(created.body[ENTERPRISE]).toEqual({ department: 'Navy', employeeNumber: '1906' });
      expect(created.body.name).toEqual({ formatted: 'Grace Hopper', familyName: 'Hopper', givenName: 'Grace' });
      expect(created.body).not.toHaveProperty('roles');
    });

    it('updates with capitalised ops, the work-email value filter, the manager as an id, and deactivates with "False"', async () => {
      const body = entraUser();
      const u = (await scim(t, a.token, 'post', '/Users', body).expect(201)).body;
      const newEmail = uniqueEmail('entra-new');
      const updated = await scim(t, a.token, 'patch', `/Users/${u.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'emails[type eq "work"].value', value: newEmail },
          { op: 'Replace', path: 'name.familyName', value: 'Murray Hopper' },
          { op: 'Add', path: `${ENTERPRISE}:manager`, value: '2819c223-7f76-453a-919d-413861904646' },
          { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Computing' },
          { op: 'Add', path: 'title', value: 'Rear Admiral' },
        ],
      }).expect(200);
      expect(updated.body.emails).toEqual([{ primary: true, type: 'work', value: newEmail }]);
      expect(updated.body.name.familyName).toBe('Murray Hopper');
      expect(updated.body[ENTERPRISE]).toEqual({
        department: 'Computing',
        employeeNumber: '1906',
        manager: { value: '2819c223-7f76-453a-919d-413861904646' },
      });
      expect(updated.body).not.toHaveProperty('title');
      // Entra finds users by the new email too
      const byEmail = await scim(
        t,
        a.token,
        'get',
        `/Users${filter(`emails[type eq "work"].value eq "${newEmail.toUpperCase()}"`)}`,
      ).expect(200);
      expect(byEmail.body.Resources.map((r: { id: string }) => r.id)).toEqual([u.id]);

      const off = await scim(t, a.token, 'patch', `/Users/${u.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      }).expect(200);
      expect(off.body.active).toBe(false);
      const on = await scim(t, a.token, 'patch', `/Users/${u.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
      }).expect(200);
      expect(on.body.active).toBe(true);
      const cleared = await scim(t, a.token, 'patch', `/Users/${u.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Remove', path: `${ENTERPRISE}:manager` }],
      }).expect(200);
      expect(cleared.body[ENTERPRISE]).toEqual({ department: 'Computing', employeeNumber: '1906' });
      // Nulls and attributes the plane does not keep are ignored (API.md), even where scim-patch
      // itself would refuse them (a filter on an attribute the user does not have): 200, the user as it was.
      const ignored = await scim(t, a.token, 'patch', `/Users/${u.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'name', value: null },
          { op: 'Replace', value: { emails: null, [ENTERPRISE]: { manager: null } } },
          { op: 'Remove', path: 'phoneNumbers[type eq "work"]' },
          { op: 'Remove', path: 'addresses[type eq "work"].formatted' },
        ],
      });
      expect({ status: ignored.status, body: ignored.body }).toEqual({ status: 200, body: { ...cleared.body, meta: expect.any(Object) } });

      await scim(t, a.token, 'delete', `/Users/${u.id}`).expect(204);
      await scim(t, a.token, 'get', `/Users/${u.id}`).expect(404);
    });

    it('pushes a group: lookup by displayName (ignored unless enabled), create, Add and Remove members with value arrays', async () => {
      const u1 = (await scim(t, a.token, 'post', '/Users', entraUser()).expect(201)).body;
      const u2 = (await scim(t, a.token, 'post', '/Users', entraUser()).expect(201)).body;
      const name = `Fleet Ops ${u1.id.slice(0, 8)}`;
      // Groups take no filter here: the parameter is ignored, the whole list comes back
      const before = await scim(t, a.token, 'get', `/Groups${filter(`displayName eq "${name}"`)}&excludedAttributes=members`).expect(200);
      const totalBefore = before.body.totalResults;

      const group = await scim(t, a.token, 'post', '/Groups', {
        schemas: [GROUP_SCHEMA],
        externalId: `g-${u1.id.slice(0, 8)}`,
        displayName: name,
        members: [],
        meta: { resourceType: 'Group' },
      }).expect(201);
      expect(group.body).toMatchObject({ displayName: name, externalId: `g-${u1.id.slice(0, 8)}`, members: [] });

      const add = await scim(t, a.token, 'patch', `/Groups/${group.body.id}?excludedAttributes=members`, {
        schemas: [PATCH_OP],
        Operations: [
          {
            op: 'Add',
            path: 'members',
            value: [
              { $ref: null, value: u1.id },
              { $ref: null, value: u2.id },
            ],
          },
        ],
      }).expect(200);
      expect(add.body).not.toHaveProperty('members');
      const full = await scim(t, a.token, 'get', `/Groups/${group.body.id}`).expect(200);
      expect(full.body.members.map((m: { value: string }) => m.value).sort()).toEqual([u1.id, u2.id].sort());

      await scim(t, a.token, 'patch', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: u1.id }] }],
      }).expect(200);
      const after = await scim(t, a.token, 'get', `/Groups/${group.body.id}`).expect(200);
      expect(after.body.members.map((m: { value: string }) => m.value)).toEqual([u2.id]);

      const listed = await scim(t, a.token, 'get', `/Groups${filter(`displayName eq "${name}"`)}&excludedAttributes=members`).expect(200);
      expect(listed.body.totalResults).toBe(totalBefore + 1);
      for (const g of listed.body.Resources) expect(g).not.toHaveProperty('members');
    });
  });

  describe('with SCIM_GROUP_FILTERS=true', () => {
    let f: TestApp;
    beforeAll(async () => {
      f = await createTestApp({ env: { SCIM_GROUP_FILTERS: 'true' } });
    });
    afterAll(async () => {
      await f.close();
    });

    it('Groups take displayName eq (any case) and externalId eq (exactly)', async () => {
      const tenant = await makeScimTenant(f);
      const g = (await scim(f, tenant.token, 'post', '/Groups', { displayName: 'Robots Team', externalId: 'Ext-1' }).expect(201)).body;
      await scim(f, tenant.token, 'post', '/Groups', { displayName: 'Other Team', externalId: 'ext-2' }).expect(201);
      const byName = await scim(f, tenant.token, 'get', `/Groups${filter('displayName eq "robots team"')}`).expect(200);
      expect(byName.body.Resources.map((r: { id: string }) => r.id)).toEqual([g.id]);
      expect((await scim(f, tenant.token, 'get', `/Groups${filter('externalId eq "Ext-1"')}`)).body.totalResults).toBe(1);
      expect((await scim(f, tenant.token, 'get', `/Groups${filter('externalId eq "ext-1"')}`)).body.totalResults).toBe(0);
      // anything else is still ignored
      expect((await scim(f, tenant.token, 'get', `/Groups${filter('displayName co "Team"')}`)).body.totalResults).toBe(2);
    });
  });
});
