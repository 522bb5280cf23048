/** `atrium org ...`: create, list, add-user, remove-user. */
import { ResourceService } from '../../resources/ResourceService.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';
import { checkLink, readInputFile } from '../input.js';
import { findOrg, findUser } from '../lookup.js';

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
  },
  examples: ['org create "Northwind Trading" --host northwind.example.com --default --logo logo.svg --footer "Northwind Trading"'],
  validate(args) {
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
    });
    io.stdout(`Created organisation ${org.name} (id ${org.id})${isDefault ? ', now the default' : ''}.`);
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

export const orgCommands: readonly CommandSpec[] = [create, list, addUser, removeUser];
