/** `atrium user ...`: create, list, disable, enable, set-password. */
import type { AccountRecord } from '../../accounts/AccountStore.js';
import { createUser } from '../../users/createUser.js';
import { CliError, UsageError, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';
import { checkEmail, checkPasswordOptions, checkPastDate, PASSWORD_OPTIONS, readNewPassword } from '../input.js';
import { findOrg, findUser } from '../lookup.js';

const USERNAME_MAX = 254;

const create: CommandSpec = {
  group: 'user',
  name: 'create',
  summary: 'create a user',
  description:
    'Creates a user. Without a password the user cannot sign in until one is set\n' +
    "with 'atrium user set-password' or chosen through \"forgot password\".",
  positionals: ['username'],
  options: {
    email: { type: 'string', arg: 'address', help: 'e-mail address', required: true },
    firstname: { type: 'string', arg: 'name', help: 'first name' },
    lastname: { type: 'string', arg: 'name', help: 'last name' },
    designation: { type: 'string', arg: 'title', help: 'job title' },
    country: { type: 'string', arg: 'country', help: 'country' },
    manager: { type: 'string', arg: 'username', help: "the manager's username" },
    'date-of-birth': { type: 'string', arg: 'YYYY-MM-DD', help: 'date of birth' },
    account: { type: 'string', arg: 'org', help: 'organisation (name or id) to join; the first becomes active', multiple: true },
    ...PASSWORD_OPTIONS,
  },
  examples: [
    'user create alice --email alice@example.com --firstname Alice --lastname Liddell --account "Northwind Trading"',
    "user create bob --email bob@example.com --password-stdin < password.txt",
  ],
  validate(args) {
    const username = args.positional(0).trim();
    if (username.length > USERNAME_MAX || /\s/.test(username)) {
      throw new UsageError(`a username has at most ${USERNAME_MAX} characters and no spaces: '${username}' is not valid`);
    }
    checkEmail(args.required('email'));
    const dateOfBirth = args.string('date-of-birth');
    if (dateOfBirth !== undefined) checkPastDate(dateOfBirth, 'date-of-birth');
    checkPasswordOptions(args, false);
  },
  async run({ stores, hasher }, args, io) {
    const username = args.positional(0).trim();
    const email = args.required('email');
    const dateOfBirth = args.string('date-of-birth');
    // Everything is checked before anything is written, so a failure leaves no half-made user.
    const password = await readNewPassword(args, io);
    if (await stores.users.findByUsername(username)) throw new CliError(`A user named '${username}' already exists.`);
    const managerName = args.string('manager');
    const manager = managerName === undefined ? null : await findUser(stores, managerName);
    const orgs: AccountRecord[] = [];
    for (const name of args.strings('account')) {
      const org = await findOrg(stores, name);
      if (!orgs.some((o) => o.id === org.id)) orgs.push(org);
    }

    const user = await createUser(
      stores,
      {
        username,
        email,
        passwordHash: password === undefined ? null : await hasher.hash(password),
        firstname: args.string('firstname') ?? '',
        lastname: args.string('lastname') ?? '',
        designation: args.string('designation') ?? null,
        country: args.string('country') ?? null,
        dateOfBirth: dateOfBirth ?? null,
        managerId: manager?.id ?? null,
      },
      orgs,
    );

    io.stdout(`Created user ${user.username} (id ${user.id})${orgs.length ? ` in ${orgs.map((o) => o.name).join(', ')}` : ''}.`);
    if (password === undefined) {
      io.stdout(`No password set: set one with 'atrium user set-password ${user.username}', or use "forgot password" on the sign-in page.`);
    }
  },
};

const list: CommandSpec = {
  group: 'user',
  name: 'list',
  summary: 'list users',
  positionals: [],
  options: { json: { type: 'boolean', help: 'print JSON instead of a table' } },
  async run({ stores }, args, io) {
    const users = await stores.users.list();
    const rows = [];
    for (const user of users) rows.push({ user, accounts: await stores.accounts.listForUser(user.id) });
    if (args.flag('json')) {
      io.stdout(
        formatJson(
          rows.map(({ user, accounts }) => ({
            id: user.id,
            username: user.username,
            firstname: user.firstname,
            lastname: user.lastname,
            email: user.email,
            status: user.disabled ? 'disabled' : 'active',
            hasPassword: user.passwordHash !== null,
            accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
          })),
        ),
      );
      return;
    }
    if (rows.length === 0) {
      io.stdout('No users.');
      return;
    }
    io.stdout(
      formatTable(
        ['USERNAME', 'NAME', 'EMAIL', 'STATUS', 'ACCOUNTS'],
        rows.map(({ user, accounts }) => [
          user.username,
          `${user.firstname} ${user.lastname}`.trim(),
          user.email ?? '',
          user.disabled ? 'disabled' : 'active',
          accounts.map((a) => a.name).join(', '),
        ]),
      ),
    );
  },
};

const disable: CommandSpec = {
  group: 'user',
  name: 'disable',
  summary: 'stop a user from signing in and end their sessions',
  positionals: ['username'],
  options: {},
  async run({ stores }, args, io) {
    const user = await findUser(stores, args.positional(0));
    if (!user.disabled) await stores.users.update(user.id, { disabled: true });
    // Sessions are ended even when the user was already disabled: nothing may stay signed in.
    const ended = await stores.sessions.revokeAllForUser(user.id, 'disabled');
    const sessions = `ended ${ended} session${ended === 1 ? '' : 's'}`;
    io.stdout(user.disabled ? `User ${user.username} was already disabled; ${sessions}.` : `Disabled user ${user.username}; ${sessions}.`);
  },
};

const enable: CommandSpec = {
  group: 'user',
  name: 'enable',
  summary: 'let a disabled user sign in again',
  positionals: ['username'],
  options: {},
  async run({ stores }, args, io) {
    const user = await findUser(stores, args.positional(0));
    if (!user.disabled) {
      io.stdout(`User ${user.username} is already enabled.`);
      return;
    }
    await stores.users.update(user.id, { disabled: false });
    io.stdout(`Enabled user ${user.username}.`);
  },
};

const setPassword: CommandSpec = {
  group: 'user',
  name: 'set-password',
  summary: "set a user's password and end their sessions",
  description: "Sets a user's password (checked against the password rules) and ends all their sessions.\nGive the password with --password or, better, --password-stdin.",
  positionals: ['username'],
  options: PASSWORD_OPTIONS,
  examples: ["user set-password alice --password-stdin <<< 'Str0ng#Secret'"],
  validate: (args) => checkPasswordOptions(args, true),
  async run({ stores, hasher }, args, io) {
    const password = await readNewPassword(args, io);
    if (password === undefined) throw new Error('validate() requires a password option');
    const user = await findUser(stores, args.positional(0));
    await stores.users.update(user.id, { passwordHash: await hasher.hash(password) });
    const ended = await stores.sessions.revokeAllForUser(user.id, 'operator');
    io.stdout(`Password of ${user.username} changed; ended ${ended} session${ended === 1 ? '' : 's'}.`);
  },
};

export const userCommands: readonly CommandSpec[] = [create, list, disable, enable, setPassword];
