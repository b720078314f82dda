import { makeFleetOwner, preRegister, uniqueSerial } from './enrollment-support';
import { pollUntil, type Operator } from './support/console';
import { colleague, rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** /app/data-requests (issue 57): the owners' page of exports and erasures. */
describe('data requests page', () => {
  let t: TestApp;
  let owner: Operator;

  const get = (op: Operator, path: string) =>
    t.http().get(path).set('cookie', op.cookie).set('accept', HTML).set('x-workspace-id', owner.reg.workspaceId);
  const post = (op: Operator, form: Record<string, string>) =>
    t
      .http()
      .post('/app/data-requests')
      .set('cookie', op.cookie)
      .set('accept', HTML)
      .set('x-workspace-id', owner.reg.workspaceId)
      .type('form')
      .send(form);

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeFleetOwner(t);
  });
  afterAll(() => t.close());

  it('an owner asks for an export of a robot, sees it by the robot’s name, and downloads it once completed', async () => {
    const robot = await preRegister(t, owner, uniqueSerial('DSR'), 'Sorter 9');
    const asked = await post(owner, { kind: 'export', subject_type: 'robot', subject_id: robot.id }).expect(303);
    expect(asked.headers.location).toBe('/app/data-requests?notice=requested');
    const [request] = await rowsOf(t, `SELECT id FROM data_requests WHERE workspace_id = $1 AND subject_id = $2`, [
      owner.reg.workspaceId,
      robot.id,
    ]);
    const page = await get(owner, asked.headers.location).expect(200);
    expect(page.text).toContain('Asked: a worker runs it');
    expect(page.text).toMatch(new RegExp(`data-data-request-id="${request.id}"><td>export</td>\\s*<td>Sorter 9<br>`));
    await pollUntil(
      async () =>
        (await get(owner, '/app/data-requests').expect(200)).text.includes(`/api/v1/operator/data_requests/${request.id}/download`),
      15_000,
    );
    const download = await t
      .http()
      .get(`/api/v1/operator/data_requests/${request.id}/download`)
      .set('cookie', owner.cookie)
      .set('x-workspace-id', owner.reg.workspaceId)
      .expect(200);
    expect(JSON.parse(download.text).data_request.id).toBe(request.id);
    // the REST list's filters: an erasure filter shows none
    expect((await get(owner, '/app/data-requests?filter%5Bkind%5D=erasure').expect(200)).text).toContain(
      'id="no-data-requests">Nothing matches.',
    );
  });

  it('an erasure needs its confirmation (the typed values kept, nothing asked); admins may not open the page', async () => {
    const robot = await preRegister(t, owner, uniqueSerial('DSE'));
    const refused = await post(owner, { kind: 'erasure', subject_type: 'robot', subject_id: robot.id }).expect(422);
    expect(refused.text).toContain('confirm_erasure must be ticked');
    expect(refused.text).toContain(`value="${robot.id}"`);
    expect(await rowsOf(t, `SELECT 1 FROM data_requests WHERE subject_id = $1`, [robot.id])).toHaveLength(0);
    await post(owner, { kind: 'erasure', subject_type: 'robot', subject_id: robot.id, confirm_erasure: 'yes' }).expect(303);
    expect(await rowsOf(t, `SELECT 1 FROM data_requests WHERE subject_id = $1`, [robot.id])).toHaveLength(1);
    // a subject of no workspace of ours: the service's 422
    expect(
      (await post(owner, { kind: 'export', subject_type: 'robot', subject_id: '00000000-0000-4000-8000-000000000000' }).expect(422)).text,
    ).toContain('does not exist');

    const admin = await colleague(t, owner, 'admin');
    await get(admin, '/app/data-requests').expect(403);
    await post(admin, { kind: 'export', subject_type: 'robot', subject_id: robot.id }).expect(403);
  });
});
