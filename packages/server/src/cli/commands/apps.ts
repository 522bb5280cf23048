/** `atrium app ...`: create, list, grant, revoke. */
import { APP_CATEGORIES, VIEWER_APP_TYPE } from '@atrium/shared';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';
import { checkLink } from '../input.js';
import { findApp, findUser } from '../lookup.js';

/** The app type given, else 1, or the viewer type when a URL is given. */
function appTypeOf(args: Args): number {
  const text = args.string('app-type');
  if (text !== undefined) return Number(text);
  return args.string('url') === undefined ? 1 : VIEWER_APP_TYPE;
}

const create: CommandSpec = {
  group: 'app',
  name: 'create',
  summary: 'add an application to the catalogue',
  description:
    'Adds an application to the catalogue. With --url it opens that page in the generic\n' +
    `viewer (app type ${VIEWER_APP_TYPE}). Categories:\n${APP_CATEGORIES.map((c) => `  ${c}`).join('\n')}`,
  positionals: ['name'],
  options: {
    title: { type: 'string', arg: 'title', help: 'title shown in the menu', required: true },
    category: { type: 'string', arg: 'category', help: 'menu category, one of those above', required: true },
    base: { type: 'boolean', help: 'a base application' },
    'app-type': { type: 'string', arg: 'n', help: `app type number (default 1, or ${VIEWER_APP_TYPE} with --url)` },
    url: { type: 'string', arg: 'url', help: 'page the viewer shows (http(s) address or /path)' },
    'default-for-orgs': { type: 'boolean', help: 'offered by default to organisations' },
  },
  examples: ['app create Handbook --title "Company Handbook" --category "employee center" --url /privacy-policy'],
  validate(args) {
    const category = args.required('category');
    if (!(APP_CATEGORIES as readonly string[]).includes(category.trim().toLowerCase())) {
      throw new UsageError(`unknown category '${category}'; use one of: ${APP_CATEGORIES.map((c) => `'${c}'`).join(', ')}`);
    }
    const url = args.string('url');
    if (url !== undefined) checkLink(url, 'url', true);
    const appTypeText = args.string('app-type');
    if (appTypeText !== undefined && !/^\d{1,4}$/.test(appTypeText)) throw new UsageError(`--app-type must be a whole number, not '${appTypeText}'`);
    if (appTypeOf(args) === VIEWER_APP_TYPE && url === undefined) throw new UsageError(`an application of type ${VIEWER_APP_TYPE} (viewer) needs --url`);
  },
  async run({ stores }, args, io) {
    const name = args.positional(0).trim();
    const category = args.required('category').trim().toLowerCase();
    const url = args.string('url');
    const appType = appTypeOf(args);
    if (await stores.apps.findByName(name)) throw new CliError(`An application named '${name}' already exists.`);

    const app = await stores.apps.create({
      name,
      title: args.required('title').trim(),
      category,
      isBaseApp: args.flag('base'),
      appType,
      url: url ?? null,
      defaultAppForOrgs: args.flag('default-for-orgs') ? 1 : 0,
    });
    io.stdout(`Created application ${app.name} (id ${app.id}) in ${app.category}.`);
  },
};

const list: CommandSpec = {
  group: 'app',
  name: 'list',
  summary: 'list the application catalogue',
  positionals: [],
  options: { json: { type: 'boolean', help: 'print JSON instead of a table' } },
  async run({ stores }, args, io) {
    const apps = await stores.apps.list();
    if (args.flag('json')) {
      io.stdout(
        formatJson(
          apps.map((a) => ({
            id: a.id,
            name: a.name,
            title: a.title,
            category: a.category,
            isBaseApp: a.isBaseApp,
            appType: a.appType,
            url: a.url,
            defaultAppForOrgs: a.defaultAppForOrgs === 1,
          })),
        ),
      );
      return;
    }
    if (apps.length === 0) {
      io.stdout('No applications.');
      return;
    }
    io.stdout(
      formatTable(
        ['NAME', 'TITLE', 'CATEGORY', 'TYPE', 'FLAGS', 'URL'],
        apps.map((a) => [
          a.name,
          a.title,
          a.category,
          String(a.appType),
          [a.isBaseApp ? 'base' : '', a.defaultAppForOrgs ? 'default' : ''].filter(Boolean).join(','),
          a.url ?? '',
        ]),
      ),
    );
  },
};

const grant: CommandSpec = {
  group: 'app',
  name: 'grant',
  summary: 'give a user an application',
  positionals: ['app', 'username'],
  options: {},
  examples: ['app grant Chat alice'],
  async run({ stores }, args, io) {
    const app = await findApp(stores, args.positional(0));
    const user = await findUser(stores, args.positional(1));
    if ((await stores.apps.listGranted(user.id)).some((a) => a.id === app.id)) {
      io.stdout(`${user.username} already has ${app.name}.`);
      return;
    }
    await stores.apps.grant(user.id, app.id);
    io.stdout(`Granted ${app.name} to ${user.username}.`);
  },
};

const revoke: CommandSpec = {
  group: 'app',
  name: 'revoke',
  summary: "take an application away from a user",
  positionals: ['app', 'username'],
  options: {},
  async run({ stores }, args, io) {
    const app = await findApp(stores, args.positional(0));
    const user = await findUser(stores, args.positional(1));
    if (!(await stores.apps.revoke(user.id, app.id))) throw new CliError(`${user.username} has not been granted ${app.name}: nothing to revoke.`);
    io.stdout(`Revoked ${app.name} from ${user.username}.`);
  },
};

export const appCommands: readonly CommandSpec[] = [create, list, grant, revoke];
