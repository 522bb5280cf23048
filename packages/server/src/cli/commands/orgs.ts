/** `atrium org ...`: create, set, list, add-user, remove-user. */
import { ResourceService } from '../../resources/ResourceService.js';
import { isTimeZone } from '@atrium/shared';
import { calendarOf, DEFAULT_CALENDAR, type BusinessCalendar } from '../../workflows/businessTime.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';
import { checkLink, readInputFile } from '../input.js';
import { findOrg, findUser } from '../lookup.js';

/** The options of an organisation's working days and hours (docs/behaviour/workflows.md#due-dates). */
const CALENDAR_OPTIONS = {
  'time-zone': { type: 'string', arg: 'zone', help: 'time zone of its working hours, e.g. Europe/Oslo (default UTC)' },
  'working-days': { type: 'string', arg: 'days', help: 'working days, e.g. mon-fri or sun-thu or mon,tue,thu (default mon-fri)' },
  'working-hours': { type: 'string', arg: 'from-to', help: 'working hours, e.g. 09:00-17:00 (the default)' },
} as const;

const create: CommandSpec = {
  group: 'org',
  name: 'create',
  summary: 'create an organisation',
  description:
    'Creates an organisation. Its login hosts choose whose announcements a sign-in page shows;\n' +
    'the default organisation serves every other host.',
  positionals: ['name'],
  options: {
    host: { type: 'string', arg: 'host', help: 'login host name served by this organisation', multiple: true },
    default: { type: 'boolean', help: 'make it the default organisation (replacing the current one)' },
    logo: { type: 'string', arg: 'file', help: 'logo image (.png, .jpg, .svg, ...)' },
    theme: { type: 'string', arg: 'theme', help: 'theme name' },
    favicon: { type: 'string', arg: 'url', help: 'favicon address' },
    'privacy-policy-file': { type: 'string', arg: 'file', help: 'HTML file with the privacy policy' },
    'login-url': { type: 'string', arg: 'url', help: 'sign-in page address' },
    footer: { type: 'string', arg: 'text', help: 'footer text of the sign-in page' },
    ...CALENDAR_OPTIONS,
  },
  examples: [
    'org create "Northwind Trading" --host northwind.example.com --default --logo logo.svg --footer "Northwind Trading"',
    'org create "Fjord AS" --time-zone Europe/Oslo --working-days mon-fri --working-hours 08:00-16:00',
  ],
  validate(args) {
    calendarInput(args, DEFAULT_CALENDAR);
    const favicon = args.string('favicon');
    const loginUrl = args.string('login-url');
    if (favicon !== undefined) checkLink(favicon, 'favicon', true);
    if (loginUrl !== undefined) checkLink(loginUrl, 'login-url', true);
    const badHost = hostsOf(args).find((h) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(h));
    if (badHost !== undefined) throw new UsageError(`--host must be a host name such as atrium.example.com (with an optional :port), not '${badHost}'`);
  },
  async run({ stores }, args, io) {
    const name = args.positional(0).trim();
    const favicon = args.string('favicon');
    const loginUrl = args.string('login-url');
    const hosts = hostsOf(args);
    if (await stores.accounts.findByName(name)) throw new CliError(`An organisation named '${name}' already exists.`);
    const existing = await stores.accounts.list();
    for (const host of hosts) {
      const owner = existing.find((a) => a.hosts.includes(host));
      if (owner) throw new CliError(`The host '${host}' already belongs to the organisation '${owner.name}'.`);
    }
    const logoFile = args.string('logo');
    let logo: Buffer | undefined;
    if (logoFile !== undefined) {
      const mime = mimeOrError(logoFile);
      if (!mime.startsWith('image/')) throw new CliError(`The logo must be an image, not '${logoFile}' (${mime}).`);
      logo = readInputFile(logoFile, 'logo');
    }
    const policyFile = args.string('privacy-policy-file');
    const privacyPolicy = policyFile === undefined ? null : readInputFile(policyFile, 'privacy policy').toString('utf8');

    const logoResource = logoFile && logo ? await new ResourceService(stores.resources, stores.blobs).add(logoFile, logo) : null;
    const isDefault = args.flag('default');
    // Only one organisation may be the default, or the oldest would silently keep winning.
    if (isDefault) for (const other of existing.filter((a) => a.isDefault)) await stores.accounts.update(other.id, { isDefault: false });
    const org = await stores.accounts.create({
      name,
      hosts,
      isDefault,
      logoResourceId: logoResource?.id ?? null,
      theme: args.string('theme') ?? null,
      favicon: favicon ?? null,
      privacyPolicy,
      loginUrl: loginUrl ?? null,
      footerText: args.string('footer') ?? null,
      businessCalendar: calendarInput(args, DEFAULT_CALENDAR),
    });
    io.stdout(`Created organisation ${org.name} (id ${org.id})${isDefault ? ', now the default' : ''}.`);
  },
};

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Days as `mon-fri`, `sun-thu`, `fri-mon` or `mon,wed,fri` (or both: `mon-wed,fri`), in week order. */
function workingDays(text: string): number[] {
  const days = new Set<number>();
  for (const part of text.toLowerCase().split(',').map((p) => p.trim())) {
    const [from, to, extra] = part.split('-').map((d) => WEEKDAYS.indexOf(d.trim()));
    if (from === undefined || from < 0 || (to !== undefined && to < 0) || extra !== undefined) {
      throw new UsageError(`--working-days must name days as mon, tue, wed, thu, fri, sat, sun, in ranges such as mon-fri or lists such as mon,wed,fri, not '${text}'`);
    }
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === (to ?? from)) break;
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** Hours as `09:00-17:00`: minutes after midnight, the start before the end (24:00 ends at midnight). */
function workingHours(text: string): { opens: number; closes: number } {
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(text.trim());
  const minutes = (h: string, m: string) => (Number(h) <= 24 && Number(m) < 60 && Number(h) * 60 + Number(m) <= 24 * 60 ? Number(h) * 60 + Number(m) : NaN);
  const opens = match ? minutes(match[1]!, match[2]!) : NaN;
  const closes = match ? minutes(match[3]!, match[4]!) : NaN;
  if (!(opens < closes)) throw new UsageError(`--working-hours must be a start and an end within one day, such as 09:00-17:00, not '${text}'`);
  return { opens, closes };
}

/** The calendar the options give, over `current` for what they leave out; undefined when they give nothing. */
function calendarInput(args: Args, current: BusinessCalendar): BusinessCalendar | undefined {
  const timeZone = args.string('time-zone');
  const days = args.string('working-days');
  const hours = args.string('working-hours');
  if (timeZone === undefined && days === undefined && hours === undefined) return undefined;
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw new UsageError(`--time-zone must be a time zone such as Europe/Oslo or UTC, not '${timeZone}'`);
  return { timeZone: timeZone ?? current.timeZone, days: days === undefined ? current.days : workingDays(days), ...(hours === undefined ? { opens: current.opens, closes: current.closes } : workingHours(hours)) };
}

/** A calendar as people write it: "mon-fri 09:00-17:00 UTC". */
function describeCalendar(calendar: BusinessCalendar): string {
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const names = calendar.days.map((d) => WEEKDAYS[d]!);
  const consecutive = calendar.days.every((d, i) => i === 0 || d === calendar.days[i - 1]! + 1);
  const days = consecutive && names.length > 2 ? `${names[0]}-${names.at(-1)}` : names.join(',');
  return `${days} ${time(calendar.opens)}-${time(calendar.closes)} ${calendar.timeZone}`;
}

const set: CommandSpec = {
  group: 'org',
  name: 'set',
  summary: "change an organisation's working days and hours",
  description:
    'Sets the time zone, working days and working hours that due times and escalations of\n' +
    "its applications' workflows count in. What is not given keeps its value. Work given from\n" +
    'now on counts in them; work given before keeps its due time.',
  positionals: ['org'],
  options: CALENDAR_OPTIONS,
  examples: ['org set "Northwind Trading" --time-zone Europe/London --working-hours 08:30-17:30'],
  validate(args) {
    if (calendarInput(args, DEFAULT_CALENDAR) === undefined) throw new UsageError('give at least one of --time-zone, --working-days, --working-hours');
  },
  async run({ stores }, args, io) {
    const org = await findOrg(stores, args.positional(0));
    const calendar = calendarInput(args, calendarOf(org.businessCalendar))!;
    await stores.accounts.update(org.id, { businessCalendar: calendar });
    io.stdout(`${org.name} now works ${describeCalendar(calendar)}.`);
  },
};

function hostsOf(args: Args): string[] {
  return [...new Set(args.strings('host').map((h) => h.trim().toLowerCase()))];
}

function mimeOrError(file: string): string {
  try {
    return ResourceService.mimeOf(file);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}

const list: CommandSpec = {
  group: 'org',
  name: 'list',
  summary: 'list organisations',
  positionals: [],
  options: { json: { type: 'boolean', help: 'print JSON instead of a table' } },
  async run({ stores }, args, io) {
    const orgs = await stores.accounts.list();
    if (args.flag('json')) {
      io.stdout(
        formatJson(
          orgs.map((o) => ({
            id: o.id,
            name: o.name,
            hosts: o.hosts,
            isDefault: o.isDefault,
            logoResourceId: o.logoResourceId,
            theme: o.theme,
            favicon: o.favicon,
            loginUrl: o.loginUrl,
            footerText: o.footerText,
            hasPrivacyPolicy: o.privacyPolicy !== null,
            workingTime: describeCalendar(calendarOf(o.businessCalendar)),
          })),
        ),
      );
      return;
    }
    if (orgs.length === 0) {
      io.stdout('No organisations.');
      return;
    }
    io.stdout(
      formatTable(
        ['NAME', 'ID', 'DEFAULT', 'HOSTS', 'THEME'],
        orgs.map((o) => [o.name, o.id, o.isDefault ? 'yes' : '', o.hosts.join(', '), o.theme ?? '']),
      ),
    );
  },
};

const addUser: CommandSpec = {
  group: 'org',
  name: 'add-user',
  summary: 'make a user a member of an organisation',
  positionals: ['org', 'username'],
  options: {},
  examples: ['org add-user "Northwind Trading" alice'],
  async run({ stores }, args, io) {
    const org = await findOrg(stores, args.positional(0));
    const user = await findUser(stores, args.positional(1));
    if (await stores.accounts.isMember(user.id, org.id)) {
      io.stdout(`${user.username} is already a member of ${org.name}.`);
      return;
    }
    await stores.accounts.addMember(org.id, user.id);
    if (!user.activeAccountId) await stores.users.update(user.id, { activeAccountId: org.id });
    io.stdout(`Added ${user.username} to ${org.name}.`);
  },
};

const removeUser: CommandSpec = {
  group: 'org',
  name: 'remove-user',
  summary: 'remove a user from an organisation',
  positionals: ['org', 'username'],
  options: {},
  async run({ stores }, args, io) {
    const org = await findOrg(stores, args.positional(0));
    const user = await findUser(stores, args.positional(1));
    if (!(await stores.accounts.isMember(user.id, org.id))) throw new CliError(`${user.username} is not a member of ${org.name}.`);
    await stores.accounts.removeMember(org.id, user.id);
    // A user whose active organisation was this one continues in another they belong to, if any.
    if (user.activeAccountId === org.id) {
      const [next] = await stores.accounts.listForUser(user.id);
      await stores.users.update(user.id, { activeAccountId: next?.id ?? null });
    }
    io.stdout(`Removed ${user.username} from ${org.name}.`);
  },
};

export const orgCommands: readonly CommandSpec[] = [create, set, list, addUser, removeUser];
