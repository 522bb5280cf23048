/** `atrium package ...`: register, list, unregister, enable, disable. */
import { ConfigError } from '../../config.js';
import { PackageFolderError } from '../../packages/packageMetadata.js';
import type { PackageRegistry } from '../../packages/PackageRegistry.js';
import { CliError, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';

/** Runs a registry operation, turning its expected failures into a CliError. */
async function attempt<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (e) {
    if (e instanceof PackageFolderError || e instanceof ConfigError) throw new CliError(e.message);
    throw e;
  }
}

/** Refuses an operation on a built-in package. */
async function refuseBuiltin(packages: PackageRegistry, name: string, what: string): Promise<void> {
  if (await attempt(async () => packages.isBuiltin(name))) throw new CliError(`'${name}' is a built-in package: ${what}.`);
}

const register: CommandSpec = {
  group: 'package',
  name: 'register',
  summary: 'register the package in a folder of PACKAGES_DIR (again: upgrade it)',
  description:
    'Registers the package in PACKAGES_DIR/<folder> (PACKAGES_DIR defaults to DATA_DIR/packages).\n' +
    "The folder holds the package's metadata.json, whose name must equal the folder name, and\n" +
    'every file it lists. Registering a package again replaces its metadata (an upgrade) and\n' +
    'keeps it enabled or disabled as it was. Users see it once it is in their manifest: every\n' +
    'user for themes, icons and sounds; for applications, users granted the application of the\n' +
    "same name ('atrium app grant'), or everybody with defaultAppforOrgs 1.",
  positionals: ['folder'],
  options: {},
  examples: ['package register Timesheets'],
  async run({ packages }, args, io) {
    const folder = args.positional(0).trim();
    await refuseBuiltin(packages, folder, 'give the package another name');
    const { metadata, upgraded, record } = await attempt(() => packages.register(folder));
    const state = record.enabled ? '' : ' It stays disabled.';
    io.stdout(`${upgraded ? 'Upgraded' : 'Registered'} package ${metadata.name} (${metadata.type}, ${metadata.files.length} file${metadata.files.length === 1 ? '' : 's'}).${state}`);
  },
};

const list: CommandSpec = {
  group: 'package',
  name: 'list',
  summary: 'list the built-in and registered packages',
  positionals: [],
  options: { json: { type: 'boolean', help: 'print JSON instead of a table' } },
  async run({ packages }, args, io) {
    const all = await attempt(() => packages.list());
    if (args.flag('json')) {
      io.stdout(
        formatJson(
          all.map((p) => ({
            name: p.name,
            type: p.metadata?.type ?? null,
            title: p.metadata?.title.en_EN ?? null,
            builtin: p.builtin,
            enabled: p.enabled,
            valid: p.metadata !== null,
            registeredAt: p.registeredAt?.toISOString() ?? null,
            updatedAt: p.updatedAt?.toISOString() ?? null,
          })),
        ),
      );
      return;
    }
    if (all.length === 0) {
      io.stdout('No packages.');
      return;
    }
    io.stdout(
      formatTable(
        ['NAME', 'TYPE', 'SOURCE', 'STATUS', 'TITLE'],
        all.map((p) => [
          p.name,
          p.metadata?.type ?? '?',
          p.builtin ? 'built-in' : 'registered',
          p.metadata === null ? 'invalid metadata' : p.enabled ? 'enabled' : 'disabled',
          p.metadata?.title.en_EN ?? '',
        ]),
      ),
    );
  },
};

const unregister: CommandSpec = {
  group: 'package',
  name: 'unregister',
  summary: 'remove a registered package (its files stay in place)',
  positionals: ['name'],
  options: {},
  async run({ packages }, args, io) {
    const name = args.positional(0).trim();
    await refuseBuiltin(packages, name, 'it is part of the product and cannot be unregistered');
    if (!(await packages.unregister(name))) throw new CliError(`No registered package named '${name}'.`);
    io.stdout(`Unregistered package ${name}; its folder was left in place.`);
  },
};

/** `package enable` and `package disable`. */
function toggle(enabled: boolean): CommandSpec {
  const verb = enabled ? 'enable' : 'disable';
  return {
    group: 'package',
    name: verb,
    summary: enabled ? 'offer a registered package to users again' : 'hide a registered package from every user',
    positionals: ['name'],
    options: {},
    async run({ packages }, args, io) {
      const name = args.positional(0).trim();
      await refuseBuiltin(packages, name, 'built-in packages are always enabled');
      const before = (await packages.list()).find((p) => !p.builtin && p.name === name);
      if (!before) throw new CliError(`No registered package named '${name}'.`);
      if (before.enabled === enabled) {
        io.stdout(`Package ${name} is already ${verb}d.`);
        return;
      }
      await packages.setEnabled(name, enabled);
      io.stdout(`Package ${name} ${verb}d.`);
    },
  };
}

export const packageCommands: readonly CommandSpec[] = [register, list, unregister, toggle(true), toggle(false)];
