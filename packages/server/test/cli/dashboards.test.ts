// @module-tag postgres
/** `atrium home set|clear` and `atrium dashboards import|list` (docs/behaviour/dashboards.md). */
import { HOME_HTML_MAX_BYTES } from '@atrium/shared/dashboards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_DECLARATION, opsDashboard } from '../helpers/dashboards.js';
import { installDeclaration } from '../helpers/records.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium home and dashboards on ${databaseKind}`, () => {
  let h: CliHarness;
  let northwindId = '';
  let oliviaId = '';
  beforeAll(async () => {
    h = await createCliHarness();
    const { stores } = h.ctx;
    const olivia = await stores.users.create({ username: 'olivia', firstname: 'Olivia', lastname: 'Hart' });
    const liam = await stores.users.create({ username: 'liam' });
    await stores.users.create({ username: 'sofia' });
    const northwind = await stores.accounts.create({ name: 'Northwind Trading' });
    await stores.accounts.create({ name: 'Contoso Health' });
    for (const user of [olivia, liam]) await stores.accounts.addMember(northwind.id, user.id);
    await installDeclaration(stores, OPS_DECLARATION, [northwind.id], [olivia.id, liam.id]);
    northwindId = northwind.id;
    oliviaId = olivia.id;
  });
  afterAll(() => h.close());

  const importOne = async (title: string, share?: string) => {
    const r = await h.run(['dashboards', 'import', h.file(`${title}.json`, JSON.stringify(opsDashboard(title))), '--org', 'Northwind Trading', '--owner', 'olivia', ...(share ? ['--share', share] : [])]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    return r.stdout;
  };

  it('imports a dashboard owned by a member, shared as asked, and prints its uuid', async () => {
    const uuid = await importOne('Incidents', 'organisation');
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await h.ctx.stores.dashboards.find(northwindId, uuid)).toMatchObject({ ownerId: oliviaId, sharing: { kind: 'organisation' }, version: 1, definition: { title: 'Incidents' } });
    const byRole = await importOne('Analysts', 'role:Ops:analyst');
    expect((await h.ctx.stores.dashboards.find(northwindId, byRole))!.sharing).toEqual({ kind: 'role', app: 'Ops', role: 'analyst' });
    // A dashboard as the server answers it imports too.
    const answered = h.file('answered.json', JSON.stringify({ uuid, version: 3, definition: opsDashboard('Copy') }));
    expect((await h.run(['dashboards', 'import', answered, '--org', 'Northwind Trading', '--owner', 'liam'])).code).toBe(0);
  });

  it('lists the dashboards of an organisation by title, as a table or JSON', async () => {
    const table = await h.run(['dashboards', 'list', '--org', 'Northwind Trading']);
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^UUID +TITLE +OWNER +SHARING +WIDGETS +VERSION$/);
    expect(lines.slice(2).map((l) => l.split(/ {2,}/)[1])).toEqual(['Analysts', 'Copy', 'Incidents']);
    expect(table.stdout).toContain('role:Ops:analyst');
    const json = JSON.parse((await h.run(['dashboards', 'list', '--org', 'Northwind Trading', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(json.find((d) => d.title === 'Incidents')).toMatchObject({ owner: 'Olivia Hart', sharing: 'organisation', widgets: 3, version: 1 });
    expect(await h.run(['dashboards', 'list', '--org', 'Contoso Health'])).toEqual({ code: 0, stdout: 'Contoso Health has no dashboards.', stderr: '' });
  });

  it('refuses a dashboard that is not one, or does not fit what the organisation runs, listing every problem', async () => {
    const notJson = await h.run(['dashboards', 'import', h.file('bad.json', '{ nope'), '--org', 'Northwind Trading', '--owner', 'olivia']);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/^'.*bad\.json' is not JSON: /);
    const shape = await h.run(['dashboards', 'import', h.file('shape.json', JSON.stringify({ title: 'X', widgets: [{ id: '1x', kind: 'gauge' }] })), '--org', 'Northwind Trading', '--owner', 'olivia']);
    expect(shape.code).toBe(1);
    expect(shape.stderr).toContain('is not a dashboard:\n  widgets.0.id: ');
    const definition = opsDashboard('Wrong');
    definition.widgets[0]!.query = { app: 'Ops', dataset: 'incidents', measures: ['count'], dimensions: ['team'] };
    const wrong = await h.run(['dashboards', 'import', h.file('wrong.json', JSON.stringify(definition)), '--org', 'Northwind Trading', '--owner', 'olivia']);
    expect(wrong).toEqual({ code: 1, stdout: '', stderr: "The dashboard was not imported:\n  widgets.0.query.dimensions.0: dataset 'incidents' has no dimension 'team'" });
    const outsider = await h.run(['dashboards', 'import', h.file('ok.json', JSON.stringify(opsDashboard('Ok'))), '--org', 'Northwind Trading', '--owner', 'sofia']);
    expect(outsider).toMatchObject({ code: 1, stderr: 'sofia is not a member of Northwind Trading (see org add-user).' });
    expect((await h.run(['dashboards', 'import', 'missing.json', '--org', 'Northwind Trading', '--owner', 'olivia'])).stderr).toBe("Cannot read the dashboard file 'missing.json': no such file.");
  });

  it('refuses a bad command line without opening the database', async () => {
    const opened = h.opened;
    const share = await h.run(['dashboards', 'import', 'x.json', '--org', 'N', '--owner', 'olivia', '--share', 'everyone']);
    expect(share.code).toBe(2);
    expect(share.stderr).toContain("--share must be organisation, private or role:<app>:<role>, not 'everyone'");
    expect((await h.run(['home', 'set', '--org', 'N'])).stderr).toContain('give either --html <file> or --dashboard <uuid>');
    expect((await h.run(['home', 'set', '--org', 'N', '--html', 'a.html', '--dashboard', 'x'])).code).toBe(2);
    expect((await h.run(['home', 'set', '--org', 'N', '--dashboard', 'not-a-uuid'])).stderr).toContain("--dashboard must be a dashboard's uuid, not 'not-a-uuid'");
    expect((await h.run(['dashboards', 'list'])).code).toBe(2);
    expect(h.opened).toBe(opened);
  });

  it("sets and clears an organisation's and a member's home block", async () => {
    const html = h.file('welcome.html', '<h1>Welcome, {name}</h1>');
    expect(await h.run(['home', 'set', '--org', 'Northwind Trading', '--html', html])).toEqual({ code: 0, stdout: `The home of the organisation Northwind Trading shows the HTML of ${html} (24 bytes).`, stderr: '' });
    const [uuid] = JSON.parse((await h.run(['dashboards', 'list', '--org', 'Northwind Trading', '--json'])).stdout).map((d: { uuid: string }) => d.uuid) as string[];
    expect((await h.run(['home', 'set', '--org', 'Northwind Trading', '--user', 'olivia', '--dashboard', uuid!])).stdout).toBe('The home of olivia at Northwind Trading shows the dashboard Analysts.');
    const blocks = await h.ctx.stores.dashboards.homeBlocks(northwindId, oliviaId);
    expect(blocks.user).toMatchObject({ type: 'dashboard', dashboardId: uuid, html: null });
    expect(blocks.organisation).toMatchObject({ type: 'html', html: '<h1>Welcome, {name}</h1>', dashboardId: null });
    expect(await h.run(['home', 'clear', '--org', 'Northwind Trading', '--user', 'olivia'])).toEqual({ code: 0, stdout: 'Cleared the home block of olivia at Northwind Trading.', stderr: '' });
    expect(await h.run(['home', 'clear', '--org', 'Northwind Trading', '--user', 'olivia'])).toEqual({ code: 1, stdout: '', stderr: 'No home block is set for olivia at Northwind Trading.' });
    expect((await h.ctx.stores.dashboards.homeBlocks(northwindId, oliviaId)).organisation).not.toBeNull();
  });

  it('refuses a home block too long, a dashboard of no such uuid, and a user who is not a member', async () => {
    const long = h.file('long.html', 'x'.repeat(HOME_HTML_MAX_BYTES + 1));
    expect(await h.run(['home', 'set', '--org', 'Northwind Trading', '--html', long])).toEqual({ code: 1, stdout: '', stderr: `Cannot use '${long}': the HTML is ${HOME_HTML_MAX_BYTES + 1} bytes long; at most ${HOME_HTML_MAX_BYTES} are allowed.` });
    const missing = await h.run(['home', 'set', '--org', 'Northwind Trading', '--dashboard', '6f2b51a0-93c4-4d8e-9a57-0c1e2d3f4a5b']);
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'No dashboard 6f2b51a0-93c4-4d8e-9a57-0c1e2d3f4a5b in this organisation (see dashboards list).' });
    expect((await h.run(['home', 'clear', '--org', 'Northwind Trading', '--user', 'sofia'])).stderr).toBe('sofia is not a member of Northwind Trading (see org add-user).');
    expect((await h.run(['home', 'clear', '--org', 'Nowhere'])).stderr).toBe("No organisation named 'Nowhere'.");
  });
});
