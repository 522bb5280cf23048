/**
 * Dispatch of the operator command line: finds the command, parses its
 * arguments, opens the context only for a valid command line, runs it and
 * turns the outcome into an exit code (0 done, 1 failed, 2 bad command line).
 */
import { VERSION } from '../version.js';
import { CliError, commandUsage, parseCommandArgs, UsageError, wantsHelp, type CommandSpec } from './args.js';
import { announcementCommands } from './commands/announcements.js';
import { appCommands } from './commands/apps.js';
import { dashboardCommands } from './commands/dashboards.js';
import { declaredAppAliases, declaredAppCommands } from './commands/declaredApps.js';
import { fileCommands } from './commands/files.js';
import { identityLinkCommands } from './commands/identityLinks.js';
import { orgCommands } from './commands/orgs.js';
import { packageCommands } from './commands/packages.js';
import { roleCommands } from './commands/roles.js';
import { taskCommands } from './commands/tasks.js';
import { userCommands } from './commands/users.js';
import type { ContextOpener } from './context.js';
import type { CliIo } from './io.js';

/** Every command, in the order the usage lists them. */
export const COMMANDS: readonly CommandSpec[] = [...userCommands, ...identityLinkCommands, ...orgCommands, ...roleCommands, ...appCommands, ...declaredAppAliases, ...declaredAppCommands, ...announcementCommands, ...packageCommands, ...fileCommands, ...taskCommands, ...dashboardCommands];

const GROUPS: Readonly<Record<string, string>> = {
  user: 'users: create, list, disable, enable, set-password, and their links to identity provider identities: link, unlink, links, link-import',
  org: 'organisations: create, list, add-user, remove-user',
  roles: "users' roles in an organisation or one of its applications: grant, revoke, ls",
  app: 'the application catalogue: create, list, translate, grant, revoke (install and export as in apps)',
  apps: 'declared applications: install, export, ls',
  announcement: 'sign-in page announcements: add, list',
  package: 'packages: register, list, unregister, enable, disable',
  files: 'files in the filesystem, read-only mountpoints included: put, ls, rm',
  tasks: 'work items: create, ls, complete',
  home: "what the home widget shows, an organisation's or a member's: set, clear",
  dashboards: "an organisation's dashboards: import, list",
};

/** The overall usage, or that of one group. */
export function globalUsage(group?: string): string {
  const commands = COMMANDS.filter((c) => group === undefined || c.group === group);
  const width = Math.max(...commands.map((c) => `${c.group} ${c.name}`.length));
  const lines = [
    group === undefined ? 'Usage: atrium <command> [arguments] [options]' : `Usage: atrium ${group} <command> [arguments] [options]`,
    '',
    group === undefined ? 'Operator command line of Atrium.' : `Manages ${Object.hasOwn(GROUPS, group) ? GROUPS[group] : group}.`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${`${c.group} ${c.name}`.padEnd(width)}  ${c.summary}`),
  ];
  if (group === undefined) {
    lines.push(
      `  ${'help [command]'.padEnd(width)}  show the usage of a command`,
      '',
      'It uses the configuration of the server: DATA_DIR (default .data) and DATABASE_URL.',
      'With the embedded database (no DATABASE_URL) the server must be stopped first.',
      'The server writes its demo data only into a database without users: set DEMO_DATA=false',
      'on the server when you set up organisations here before creating the first user.',
      '',
      'Exit codes: 0 done, 1 failed (not found, already exists, refused), 2 bad command line.',
      "Run 'atrium <command> --help' for the options of a command.",
    );
  }
  return lines.join('\n');
}

function findCommand(group: string | undefined, name: string | undefined): CommandSpec | undefined {
  return COMMANDS.find((c) => c.group === group && c.name === name);
}

function isGroup(word: string | undefined): word is string {
  // Own keys only: 'toString' or 'constructor' is not a group.
  return word !== undefined && Object.hasOwn(GROUPS, word);
}

/** `atrium help [group [command]]`. */
function help(words: readonly string[], io: CliIo): number {
  const [group, name] = words;
  if (group === undefined) {
    io.stdout(globalUsage());
    return 0;
  }
  const command = findCommand(group, name);
  if (command) {
    io.stdout(commandUsage(command));
    return 0;
  }
  if (isGroup(group) && name === undefined) {
    io.stdout(globalUsage(group));
    return 0;
  }
  io.stderr(`error: unknown command '${words.join(' ')}'\n\n${globalUsage()}`);
  return 2;
}

/** Runs one command line; returns the exit code. Never throws. */
export async function runCli(argv: readonly string[], io: CliIo, openContext: ContextOpener): Promise<number> {
  const [first, second, ...rest] = argv;
  if (first === undefined) {
    io.stderr(globalUsage());
    return 2;
  }
  if (first === 'help') return help(argv.slice(1), io);
  if (first === '--help' || first === '-h') {
    io.stdout(globalUsage());
    return 0;
  }
  if (first === '--version') {
    io.stdout(`atrium ${VERSION}`);
    return 0;
  }
  if (!isGroup(first)) {
    io.stderr(`error: unknown command '${first}'\n\n${globalUsage()}`);
    return 2;
  }
  const command = findCommand(first, second);
  if (!command) {
    if (second === '--help' || second === '-h') {
      io.stdout(globalUsage(first));
      return 0;
    }
    io.stderr(`${second === undefined ? `error: missing the ${first} command` : `error: unknown command '${first} ${second}'`}\n\n${globalUsage(first)}`);
    return 2;
  }
  if (wantsHelp(rest)) {
    io.stdout(commandUsage(command));
    return 0;
  }

  try {
    const args = parseCommandArgs(command, rest);
    command.validate?.(args);
    const ctx = await openContext();
    try {
      await command.run(ctx, args, io);
    } finally {
      await ctx.close();
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`error: ${e.message}\n\n${commandUsage(command)}`);
      return e.exitCode;
    }
    if (e instanceof CliError) {
      io.stderr(e.message);
      return e.exitCode;
    }
    io.stderr(`Unexpected error in 'atrium ${command.group} ${command.name}': ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  }
}
