/** `atrium home ...` (set, clear) and `atrium dashboards ...` (import, list): docs/behaviour/dashboards.md. */
import { DashboardDefinition, type DashboardSharing } from '@atrium/shared/dashboards';
import * as z from 'zod/mini';
import { callerAsMember, grantedApps } from '../../dashboards/asMember.js';
import { DashboardError } from '../../dashboards/DashboardError.js';
import { DashboardService, homeHtmlProblem } from '../../dashboards/DashboardService.js';
import type { Stores } from '../../stores.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';
import { readInputFile } from '../input.js';
import { findOrg, findUser } from '../lookup.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const HOME_OPTIONS = {
  org: { type: 'string', arg: 'org', help: 'organisation (name or id)', required: true },
  user: { type: 'string', arg: 'username', help: "one member's home rather than the organisation's" },
} as const;

/** The organisation, and the member when --user names one. */
async function whoseHome(stores: Stores, args: Args): Promise<{ accountId: string; userId: string | null; whose: string }> {
  const org = await findOrg(stores, args.required('org'));
  const username = args.string('user');
  if (username === undefined) return { accountId: org.id, userId: null, whose: `the organisation ${org.name}` };
  const user = await findUser(stores, username);
  if (!(await stores.accounts.isMember(user.id, org.id))) throw new CliError(`${user.username} is not a member of ${org.name} (see org add-user).`);
  return { accountId: org.id, userId: user.id, whose: `${user.username} at ${org.name}` };
}

const homeSet: CommandSpec = {
  group: 'home',
  name: 'set',
  summary: "set what the home widget shows: an organisation's or a member's HTML block or dashboard",
  description:
    'The home widget shows the member\'s own block, else the organisation\'s, else a welcome.\n' +
    'An HTML block (at most 64 KiB) may name the profile\'s fields as {name}, {designation},\n' +
    '{organisation}, {manager}...; the desktop sanitises it and shows it in a frame without\n' +
    'scripts. A dashboard must be one of the organisation; a member who cannot see it gets\n' +
    'the next block instead.',
  positionals: [],
  options: {
    ...HOME_OPTIONS,
    html: { type: 'string', arg: 'file', help: 'a file of HTML' },
    dashboard: { type: 'string', arg: 'uuid', help: 'a dashboard of the organisation' },
  },
  examples: ['home set --org "Northwind Trading" --html welcome.html', 'home set --org "Northwind Trading" --user olivia --dashboard 6f2b51a0-93c4-4d8e-9a57-0c1e2d3f4a5b'],
  validate(args) {
    const html = args.string('html');
    const dashboard = args.string('dashboard');
    if ((html === undefined) === (dashboard === undefined)) throw new UsageError('give either --html <file> or --dashboard <uuid>');
    if (dashboard !== undefined && !UUID.test(dashboard)) throw new UsageError(`--dashboard must be a dashboard's uuid, not '${dashboard}'`);
  },
  async run({ stores }, args, io) {
    const { accountId, userId, whose } = await whoseHome(stores, args);
    const dashboard = args.string('dashboard');
    if (dashboard !== undefined) {
      const found = await stores.dashboards.find(accountId, dashboard);
      if (!found) throw new CliError(`No dashboard ${dashboard} in this organisation (see dashboards list).`);
      await stores.dashboards.setHome({ accountId, userId, type: 'dashboard', html: null, dashboardId: found.id });
      io.stdout(`The home of ${whose} shows the dashboard ${titleOf(found.definition)}.`);
      return;
    }
    const file = args.required('html');
    const html = readInputFile(file, 'HTML').toString('utf8');
    const problem = homeHtmlProblem(html);
    if (problem) throw new CliError(`Cannot use '${file}': ${problem}.`);
    await stores.dashboards.setHome({ accountId, userId, type: 'html', html, dashboardId: null });
    io.stdout(`The home of ${whose} shows the HTML of ${file} (${Buffer.byteLength(html, 'utf8')} bytes).`);
  },
};

const homeClear: CommandSpec = {
  group: 'home',
  name: 'clear',
  summary: "clear an organisation's or a member's home block",
  positionals: [],
  options: HOME_OPTIONS,
  examples: ['home clear --org "Northwind Trading" --user olivia'],
  async run({ stores }, args, io) {
    const { accountId, userId, whose } = await whoseHome(stores, args);
    if (!(await stores.dashboards.clearHome(accountId, userId))) throw new CliError(`No home block is set for ${whose}.`);
    io.stdout(`Cleared the home block of ${whose}.`);
  },
};

/** --share: organisation, private, or role:<app>:<role>. */
function sharingOf(value: string | undefined): DashboardSharing {
  if (value === undefined || value === 'private') return { kind: 'private' };
  if (value === 'organisation') return { kind: 'organisation' };
  const match = /^role:([^:]+):([^:]+)$/.exec(value);
  if (!match) throw new UsageError(`--share must be organisation, private or role:<app>:<role>, not '${value}'`);
  return { kind: 'role', app: match[1]!, role: match[2]! };
}

/** The file's definition: a definition, or a dashboard as the server answers it (its `definition`). */
function definitionIn(file: string): DashboardDefinition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readInputFile(file, 'dashboard').toString('utf8'));
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`'${file}' is not JSON: ${(e as Error).message}.`);
  }
  const given = parsed !== null && typeof parsed === 'object' && 'definition' in parsed ? (parsed as { definition: unknown }).definition : parsed;
  const result = z.safeParse(DashboardDefinition, given);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.length ? i.path.join('.') : '(the dashboard)'}: ${i.message}`);
  throw new CliError(`'${file}' is not a dashboard:\n${lines.join('\n')}`);
}

const dashboardsImport: CommandSpec = {
  group: 'dashboards',
  name: 'import',
  summary: 'import a dashboard from a JSON file, owned by a member; prints its uuid',
  description:
    'The file holds a dashboard definition (title, widgets, filters, time range), or a\n' +
    'dashboard as GET dashboards/<uuid> answers it. It is checked as a save by its owner is:\n' +
    'each widget names an application the organisation runs, a dataset of it and its\n' +
    'dimensions and measures; every problem is listed with its path and nothing is written.\n' +
    '--share: private (default), organisation, or role:<app>:<role>.',
  positionals: ['file'],
  options: {
    org: { type: 'string', arg: 'org', help: 'organisation (name or id)', required: true },
    owner: { type: 'string', arg: 'username', help: 'the member who owns it', required: true },
    share: { type: 'string', arg: 'who', help: 'private, organisation or role:<app>:<role>' },
  },
  examples: ['dashboards import incidents.json --org "Northwind Trading" --owner olivia --share organisation'],
  validate(args) {
    sharingOf(args.string('share'));
  },
  async run({ stores }, args, io) {
    const sharing = sharingOf(args.string('share'));
    const definition = definitionIn(args.positional(0));
    const org = await findOrg(stores, args.required('org'));
    const owner = await findUser(stores, args.required('owner'));
    const caller = await callerAsMember(stores, owner, org.id);
    if (!caller) throw new CliError(`${owner.username} is not a member of ${org.name} (see org add-user).`);
    const service = new DashboardService({ stores, canSeeApp: grantedApps(stores) });
    try {
      io.stdout((await service.create(caller, { definition, sharing })).uuid);
    } catch (e) {
      if (!(e instanceof DashboardError) || !e.problems) throw e;
      throw new CliError(`The dashboard was not imported:\n${e.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
    }
  },
};

const dashboardsList: CommandSpec = {
  group: 'dashboards',
  name: 'list',
  summary: "list an organisation's dashboards by title",
  positionals: [],
  options: {
    org: { type: 'string', arg: 'org', help: 'organisation (name or id)', required: true },
    json: { type: 'boolean', help: 'print JSON instead of a table' },
  },
  async run({ stores }, args, io) {
    const org = await findOrg(stores, args.required('org'));
    const rows = (await stores.dashboards.listForAccount(org.id)).map((d) => ({
      uuid: d.id,
      title: titleOf(d.definition),
      owner: d.ownerName ?? '',
      sharing: d.sharing.kind === 'role' ? `role:${d.sharing.app}:${d.sharing.role}` : d.sharing.kind,
      widgets: Array.isArray(d.definition.widgets) ? d.definition.widgets.length : 0,
      version: d.version,
    }));
    if (args.flag('json')) return void io.stdout(formatJson(rows));
    if (rows.length === 0) return void io.stdout(`${org.name} has no dashboards.`);
    io.stdout(formatTable(['UUID', 'TITLE', 'OWNER', 'SHARING', 'WIDGETS', 'VERSION'], rows.map((r) => [r.uuid, r.title, r.owner, r.sharing, String(r.widgets), String(r.version)])));
  },
};

/** A stored definition's title in English. */
function titleOf(definition: Record<string, unknown>): string {
  const title = definition.title;
  if (typeof title === 'string') return title;
  return title !== null && typeof title === 'object' && 'en_EN' in title ? String((title as { en_EN: unknown }).en_EN) : '';
}

export const dashboardCommands: readonly CommandSpec[] = [homeSet, homeClear, dashboardsImport, dashboardsList];
