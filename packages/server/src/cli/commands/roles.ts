/** `atrium roles ...`: grant, revoke, ls (docs/behaviour/roles.md). */
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { EVERYONE_ROLE } from '@atrium/shared/apps';
import type { RoleGrant } from '../../access/AccessStore.js';
import { roleNameProblem } from '../../access/roleName.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import type { CliContext } from '../context.js';
import { formatJson, formatTable } from '../format.js';
import { findApp, findOrg, findUser } from '../lookup.js';

const ROLE_OPTIONS = {
  app: { type: 'string', arg: 'app', help: 'a role in this application of the catalogue rather than in the whole organisation' },
} as const;

const ROLE_DESCRIPTION =
  'A role is a small name of lower-case letters, digits and hyphens (manager, auditor,\n' +
  'lead-auditor), held in one organisation: organisation-wide, or with --app in one\n' +
  'application of the catalogue (of a declared application the organisation runs: one of the\n' +
  'roles its declaration names). The user must be a member of the organisation. A running\n' +
  'server sees the change within SESSION_CACHE_TTL seconds.';

function checkRoleName(args: Args): void {
  const problem = roleNameProblem(args.positional(2));
  if (problem) throw new UsageError(`<role>: ${problem}, not '${args.positional(2)}'`);
}

/** The grant the command line names: organisation, user and application looked up. */
async function grantOf({ stores }: CliContext, args: Args): Promise<{ grant: RoleGrant; username: string; orgName: string; where: string; declaredRoles: string[] | null }> {
  const org = await findOrg(stores, args.positional(0));
  const user = await findUser(stores, args.positional(1));
  const appName = args.string('app');
  const app = appName === undefined ? null : await findApp(stores, appName);
  const grant = { userId: user.id, accountId: org.id, appId: app?.id ?? null, role: args.positional(2) };
  // A declared application the organisation runs has its roles in its declaration.
  const installed = app?.appType === DECLARED_APP_TYPE ? await stores.declarations.installed(org.id, app.name) : null;
  const declaredRoles = installed ? Object.keys(installed.declaration.roles) : null;
  return { grant, username: user.username, orgName: org.name, where: app ? `${app.name} of ${org.name}` : org.name, declaredRoles };
}

const grant: CommandSpec = {
  group: 'roles',
  name: 'grant',
  summary: 'grant a user a role in an organisation or one of its applications',
  description: ROLE_DESCRIPTION,
  positionals: ['org', 'username', 'role'],
  options: ROLE_OPTIONS,
  examples: ['roles grant "Northwind Trading" olivia manager', 'roles grant "Northwind Trading" liam auditor --app Audits'],
  validate: checkRoleName,
  async run(ctx, args, io) {
    const { grant: wanted, username, orgName, where, declaredRoles } = await grantOf(ctx, args);
    if (declaredRoles && !declaredRoles.includes(wanted.role)) {
      throw new CliError(
        declaredRoles.length === 0
          ? `${where} declares no roles: everyone given it has the rights of '${EVERYONE_ROLE}'.`
          : `${wanted.role} is not a role of ${where}; its declared roles are ${declaredRoles.join(', ')}.`,
      );
    }
    if (!(await ctx.stores.accounts.isMember(wanted.userId, wanted.accountId))) throw new CliError(`${username} is not a member of ${orgName} (see org add-user).`);
    if (await ctx.stores.access.grantRole(wanted)) io.stdout(`Granted ${username} the role ${wanted.role} in ${where}.`);
    else io.stdout(`${username} already has the role ${wanted.role} in ${where}.`);
  },
};

const revoke: CommandSpec = {
  group: 'roles',
  name: 'revoke',
  summary: 'revoke a role',
  description: ROLE_DESCRIPTION,
  positionals: ['org', 'username', 'role'],
  options: ROLE_OPTIONS,
  examples: ['roles revoke "Northwind Trading" liam auditor --app Audits'],
  validate: checkRoleName,
  async run(ctx, args, io) {
    const { grant: wanted, username, where } = await grantOf(ctx, args);
    if (!(await ctx.stores.access.revokeRole(wanted))) throw new CliError(`${username} does not have the role ${wanted.role} in ${where}.`);
    io.stdout(`Revoked the role ${wanted.role} in ${where} from ${username}.`);
  },
};

const ls: CommandSpec = {
  group: 'roles',
  name: 'ls',
  summary: 'list granted roles',
  positionals: [],
  options: {
    org: { type: 'string', arg: 'org', help: 'only the roles in this organisation (name or id)' },
    user: { type: 'string', arg: 'username', help: "only this user's roles" },
    json: { type: 'boolean', help: 'print JSON instead of a table' },
  },
  examples: ['roles ls --org "Northwind Trading"', 'roles ls --user olivia --json'],
  async run({ stores }, args, io) {
    const orgName = args.string('org');
    const username = args.string('user');
    const org = orgName === undefined ? undefined : await findOrg(stores, orgName);
    const user = username === undefined ? undefined : await findUser(stores, username);
    const roles = await stores.access.listRoles({ accountId: org?.id, userId: user?.id });
    if (args.flag('json')) {
      io.stdout(formatJson(roles.map((r) => ({ organisation: r.organisation, accountId: r.accountId, username: r.username, app: r.app, role: r.role, grantedAt: r.createdAt.toISOString() }))));
      return;
    }
    if (roles.length === 0) {
      io.stdout('No roles.');
      return;
    }
    io.stdout(formatTable(['ORGANISATION', 'USER', 'APPLICATION', 'ROLE'], roles.map((r) => [r.organisation, r.username, r.app ?? '(organisation)', r.role])));
  },
};

export const roleCommands: readonly CommandSpec[] = [grant, revoke, ls];
