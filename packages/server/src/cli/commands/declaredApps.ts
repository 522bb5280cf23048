/** `atrium apps ...`: install, export, ls of declared applications (docs/APPLICATIONS.md, "Declaring an application"). */
import fs from 'node:fs';
import path from 'node:path';
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { checkDeclaration, formatProblem, type AppDeclaration } from '@atrium/shared/apps';
import { InstallRefused, InstallService, type InstallOutcome, type OrganisationOutcome } from '../../declarations/InstallService.js';
import { formatLoss, formatShared } from '../../declarations/upgradePlan.js';
import { CliError, type CommandSpec } from '../args.js';
import type { CliContext } from '../context.js';
import { formatJson, formatTable } from '../format.js';
import type { CliIo } from '../io.js';
import { findApp, findOrg } from '../lookup.js';

/** The declaration files a path names: the file itself, or a folder's app.json, else every *.json in it. */
function declarationFiles(given: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(given);
  } catch {
    throw new CliError(`No file or folder ${given}.`);
  }
  if (!stat.isDirectory()) return [given];
  const appJson = path.join(given, 'app.json');
  if (fs.existsSync(appJson)) return [appJson];
  const files = fs
    .readdirSync(given)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(given, f));
  if (files.length === 0) throw new CliError(`The folder ${given} holds no .json declaration.`);
  return files;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`Could not read ${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
}

function describeOrganisation(o: OrganisationOutcome, dryRun: boolean): string[] {
  const head = o.status === 'installed' ? 'installed' : o.status === 'unchanged' ? `already runs ${o.from ?? ''}, unchanged` : `upgraded from ${o.from ?? ''}`;
  const lines = [`  ${o.organisation}: ${head}`];
  if (o.plan && o.status !== 'unchanged') {
    lines.push(...o.plan.additions.map((a) => `    + ${a}`), ...o.plan.changes.map((c) => `    ~ ${c}`));
    lines.push(...o.plan.losses.map((l) => `    - ${formatLoss(l)}`));
    lines.push(...o.plan.shared.map((v) => `    ! ${formatShared(v)}`));
    if (o.plan.shared.length > 0) lines.push('    (the upgrade is refused until these records hold values of their own)');
    if (o.recordsRetitled > 0) lines.push(`    (titles and search words of ${o.recordsRetitled} ${o.recordsRetitled === 1 ? 'record' : 'records'} computed again)`);
    if (o.plan.losses.length > 0) lines.push(dryRun ? '    (these values would be removed; the upgrade needs --allow-data-loss)' : `    (values removed: ${o.recordsTouched} ${o.recordsTouched === 1 ? 'record' : 'records'} changed or deleted, with history)`);
  }
  return lines;
}

function describeOutcome(outcome: InstallOutcome): string {
  const catalogue = outcome.catalogue === 'created' ? 'catalogue entry created' : outcome.catalogue === 'updated' ? 'catalogue entry updated' : 'catalogue entry unchanged';
  const lines = [`${outcome.dryRun ? 'Would install' : 'Installed'} ${outcome.name} ${outcome.version} (${catalogue}; ${outcome.versionReused ? 'same declaration as the latest version' : 'new version kept'}):`];
  for (const o of outcome.organisations) lines.push(...describeOrganisation(o, outcome.dryRun));
  if (outcome.dryRun) lines.push('Dry run: nothing was written.');
  return lines.join('\n');
}

const install: CommandSpec = {
  group: 'apps',
  name: 'install',
  summary: 'install or upgrade a declared application for organisations',
  description:
    'Checks the declaration (a JSON file; a folder: its app.json, else every *.json in it) and\n' +
    'installs it for each --org, or upgrades what the organisation runs. Every problem is listed\n' +
    'with its path and nothing is written. An upgrade that would remove values records hold\n' +
    '(an entity, a field or a choice removed, a field whose type changes) is refused with the\n' +
    'count of each; --allow-data-loss removes them, with a history row for each record.',
  positionals: ['file or folder'],
  options: {
    org: { type: 'string', arg: 'organisation', help: 'an organisation to install it for (name or id)', required: true, multiple: true },
    'allow-data-loss': { type: 'boolean', help: 'apply an upgrade that removes values records hold' },
    'dry-run': { type: 'boolean', help: 'show what would happen and write nothing' },
  },
  examples: ['apps install risk-register.json --org "Northwind Trading" --org Contoso', 'apps install apps/ --org Contoso --dry-run'],
  async run(ctx, args, io) {
    const files = declarationFiles(args.positional(0));
    const inputs = files.map((file) => ({ file, input: readJson(file) }));
    // Every file is checked before any is installed, so that one bad file stops them all.
    const problems = inputs.flatMap(({ file, input }) => {
      const checked = checkDeclaration(input);
      return checked.ok ? [] : [`${file}:`, ...checked.problems.map((p) => `  ${formatProblem(p)}`)];
    });
    if (problems.length > 0) throw new CliError(['The declaration has problems; nothing was installed.', ...problems].join('\n'));
    const service = new InstallService(ctx.stores);
    for (const { input } of inputs) {
      let outcome: InstallOutcome;
      try {
        outcome = await service.install(input, args.strings('org'), { allowDataLoss: args.flag('allow-data-loss'), dryRun: args.flag('dry-run') });
      } catch (e) {
        if (e instanceof InstallRefused) throw new CliError([e.message, ...e.details].join('\n'));
        throw e;
      }
      for (const warning of outcome.warnings) io.stderr(`warning: ${warning}`);
      io.stdout(describeOutcome(outcome));
    }
  },
};

/** The declaration an organisation runs, or the latest version kept. */
async function declarationToExport({ stores }: CliContext, name: string, orgName: string | undefined): Promise<{ declaration: AppDeclaration; from: string }> {
  const app = await findApp(stores, name);
  if (app.appType !== DECLARED_APP_TYPE) throw new CliError(`${app.name} is not a declared application.`);
  if (orgName !== undefined) {
    const org = await findOrg(stores, orgName);
    const installed = await stores.declarations.installed(org.id, app.name);
    if (!installed) throw new CliError(`${org.name} does not run ${app.name}.`);
    return { declaration: installed.declaration, from: `${app.name} ${installed.version} as ${org.name} runs it` };
  }
  const latest = (await stores.declarations.versions(app.id)).at(-1);
  if (!latest) throw new CliError(`${app.name} has no declaration installed.`);
  return { declaration: latest.declaration, from: `${app.name} ${latest.version}, the latest version` };
}

const exportCommand: CommandSpec = {
  group: 'apps',
  name: 'export',
  summary: 'write the declaration of a declared application as installed',
  description: 'Writes the declaration an organisation runs (--org), or else the latest version installed,\nexactly as installed (its defaults filled in), as indented JSON: to standard output or --out.',
  positionals: ['name'],
  options: {
    org: { type: 'string', arg: 'organisation', help: 'the declaration this organisation runs (name or id)' },
    out: { type: 'string', arg: 'file', help: 'write to this file instead of standard output' },
  },
  examples: ['apps export RiskRegister --org Contoso --out risk-register.json'],
  async run(ctx, args, io: CliIo) {
    const { declaration, from } = await declarationToExport(ctx, args.positional(0), args.string('org'));
    const text = formatJson(declaration);
    const out = args.string('out');
    if (out === undefined) {
      io.stdout(text);
      return;
    }
    try {
      fs.writeFileSync(out, `${text}\n`);
    } catch (e) {
      throw new CliError(`Could not write ${out}: ${(e as Error).message}`);
    }
    io.stdout(`Wrote ${out} (${from}).`);
  },
};

const ls: CommandSpec = {
  group: 'apps',
  name: 'ls',
  summary: 'list declared applications, their versions and organisations',
  positionals: [],
  options: { json: { type: 'boolean', help: 'print JSON instead of a table' } },
  async run({ stores }, args, io) {
    const apps = (await stores.apps.list()).filter((a) => a.appType === DECLARED_APP_TYPE).sort((a, b) => a.name.localeCompare(b.name));
    const names = new Map<string, string>();
    const orgName = async (id: string) => {
      if (!names.has(id)) names.set(id, (await stores.accounts.findById(id))?.name ?? id);
      return names.get(id)!;
    };
    const listed = [];
    for (const app of apps) {
      const versions = await stores.declarations.versions(app.id);
      const installs = await stores.declarations.installsOf(app.id);
      const organisations = await Promise.all(installs.map(async (i) => ({ name: await orgName(i.accountId), version: i.version })));
      organisations.sort((a, b) => a.name.localeCompare(b.name));
      listed.push({ name: app.name, title: app.title, category: app.category, versions: versions.map((v) => ({ version: v.version, installedAt: v.installedAt.toISOString() })), organisations });
    }
    if (args.flag('json')) {
      io.stdout(formatJson(listed));
      return;
    }
    if (listed.length === 0) {
      io.stdout('No declared applications.');
      return;
    }
    io.stdout(
      formatTable(
        ['NAME', 'TITLE', 'LATEST', 'VERSIONS', 'ORGANISATIONS'],
        listed.map((a) => [a.name, a.title, a.versions.at(-1)?.version ?? '', String(a.versions.length), a.organisations.map((o) => `${o.name} (${o.version})`).join(', ')]),
      ),
    );
  },
};

/** `app install` and `app export` do the same as their `apps` commands, for those who type the catalogue's group. */
const aliases: CommandSpec[] = [install, exportCommand].map((c) => ({ ...c, group: 'app', summary: `${c.summary} (as apps ${c.name})`, examples: c.examples?.map((e) => e.replace(/^apps /, 'app ')) }));

export const declaredAppCommands: readonly CommandSpec[] = [install, exportCommand, ls];
export const declaredAppAliases: readonly CommandSpec[] = aliases;
