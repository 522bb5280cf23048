/** `atrium app ...`: create, list, translate, grant, revoke. */
import { APP_CATEGORIES, CATALOGUE_TRANSLATION_LOCALES, CatalogueTitles, DEFAULT_LOCALE, VIEWER_APP_TYPE } from '@atrium/shared';
import * as z from 'zod/mini';
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

/** What `--translation` takes, for help and errors. */
const TRANSLATION_FORM = `LOCALE=TEXT, LOCALE one of ${CATALOGUE_TRANSLATION_LOCALES.join(', ')}`;

/**
 * The title translations of `--translation LOCALE=TEXT` options, checked with
 * the catalogue's own schema (docs/behaviour/applications.md#catalogue-translations):
 * a known locale other than the default (whose text is the title), each once,
 * a non-blank text of at most 200 characters.
 */
function translationsOf(args: Args): CatalogueTitles {
  const given: Record<string, string> = {};
  for (const option of args.strings('translation')) {
    const at = option.indexOf('=');
    if (at <= 0) throw new UsageError(`--translation '${option}' must have the form ${TRANSLATION_FORM}`);
    const locale = option.slice(0, at).trim();
    if (locale === DEFAULT_LOCALE) throw new UsageError(`--translation: the ${DEFAULT_LOCALE} text is the title (--title); translate into ${CATALOGUE_TRANSLATION_LOCALES.join(', ')}`);
    if (!(CATALOGUE_TRANSLATION_LOCALES as readonly string[]).includes(locale)) throw new UsageError(`--translation: unknown locale '${locale}'; use one of ${CATALOGUE_TRANSLATION_LOCALES.join(', ')}`);
    if (Object.hasOwn(given, locale)) throw new UsageError(`--translation: ${locale} is given twice`);
    given[locale] = option.slice(at + 1).trim();
  }
  const result = z.safeParse(CatalogueTitles, given);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UsageError(`--translation ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

const translationOption = {
  type: 'string',
  arg: 'locale=text',
  help: `the title in another language (${CATALOGUE_TRANSLATION_LOCALES.join(', ')})`,
  multiple: true,
} as const;

const create: CommandSpec = {
  group: 'app',
  name: 'create',
  summary: 'add an application to the catalogue',
  description:
    'Adds an application to the catalogue. With --url it opens that page in the generic\n' +
    `viewer (app type ${VIEWER_APP_TYPE}). Categories:\n${APP_CATEGORIES.map((c) => `  ${c}`).join('\n')}`,
  positionals: ['name'],
  options: {
    title: { type: 'string', arg: 'title', help: `title shown in the menu (the ${DEFAULT_LOCALE} text, and of every language without its own)`, required: true },
    translation: translationOption,
    category: { type: 'string', arg: 'category', help: 'menu category, one of those above', required: true },
    base: { type: 'boolean', help: 'a base application' },
    'app-type': { type: 'string', arg: 'n', help: `app type number (default 1, or ${VIEWER_APP_TYPE} with --url)` },
    url: { type: 'string', arg: 'url', help: 'page the viewer shows (http(s) address or /path)' },
    'default-for-orgs': { type: 'boolean', help: 'offered by default to organisations' },
  },
  examples: ['app create Handbook --title "Company Handbook" --translation de_DE=Firmenhandbuch --category "employee center" --url /privacy-policy'],
  validate(args) {
    translationsOf(args);
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
      titles: translationsOf(args),
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
            titles: a.titles,
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

const translate: CommandSpec = {
  group: 'app',
  name: 'translate',
  summary: "set an application's title in other languages",
  description:
    'Sets the title an application of the catalogue shows in other languages: each\n' +
    '--translation gives one language its text (replacing the one it had); --remove\n' +
    `takes a language's text away (that language then shows the title). Locales: ${CATALOGUE_TRANSLATION_LOCALES.join(', ')}.`,
  positionals: ['app'],
  options: {
    translation: translationOption,
    remove: { type: 'string', arg: 'locale', help: "take a language's text away", multiple: true },
  },
  examples: ['app translate Handbook --translation de_DE=Firmenhandbuch --translation fr_FR="Manuel de l\'entreprise"', 'app translate Handbook --remove nb_NO'],
  validate(args) {
    const added = translationsOf(args);
    const removed = args.strings('remove').map((l) => l.trim());
    for (const locale of removed) {
      if (!(CATALOGUE_TRANSLATION_LOCALES as readonly string[]).includes(locale)) throw new UsageError(`--remove: unknown locale '${locale}'; use one of ${CATALOGUE_TRANSLATION_LOCALES.join(', ')}`);
      if (Object.hasOwn(added, locale)) throw new UsageError(`--remove: ${locale} is also given a --translation`);
    }
    if (Object.keys(added).length === 0 && removed.length === 0) throw new UsageError('give at least one --translation or --remove');
  },
  async run({ stores }, args, io) {
    const app = await findApp(stores, args.positional(0));
    const titles: Record<string, string> = { ...app.titles, ...translationsOf(args) };
    for (const locale of args.strings('remove')) delete titles[locale.trim()];
    const saved = await stores.apps.setTitles(app.id, titles as CatalogueTitles);
    if (!saved) throw new CliError(`The application '${app.name}' no longer exists.`);
    const languages = Object.keys(saved.titles).sort();
    io.stdout(`${saved.name} now has its title in ${languages.length === 0 ? 'no other language' : languages.join(', ')}.`);
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

export const appCommands: readonly CommandSpec[] = [create, list, translate, grant, revoke];
