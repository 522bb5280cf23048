/**
 * `atrium user link|unlink|links|link-import`: which identity of the
 * identity provider signs in to which user (docs/behaviour/external-sign-in.md#links).
 * A link names the provider by its issuer (the configured one unless
 * --issuer says otherwise) and the person by the provider's immutable user
 * id: Keycloak's user id (the token's `sub`), Okta's user id (`uid`, 00u…).
 */
import { hasUnstorableText } from '@atrium/shared';
import type { LinkOutcome } from '../../auth/external/ExternalIdentityStore.js';
import type { Stores } from '../../stores.js';
import type { UserRecord } from '../../users/UserStore.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import type { CliContext } from '../context.js';
import { formatJson, formatTable } from '../format.js';
import { readInputFile } from '../input.js';
import { findUser } from '../lookup.js';

const SUBJECT_MAX = 255;
/** Control, format and separator characters: never part of a subject. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Z}]/u;

const ISSUER_OPTION = {
  issuer: { type: 'string', arg: 'address', help: "the provider's issuer (default: the configured one, from AUTH_TYPE and its settings)" },
} as const;

/** A subject as the provider gives it: not empty, no spaces or invisible characters. */
function checkSubject(value: string, where: string): string {
  if (!value || value.length > SUBJECT_MAX || UNPRINTABLE.test(value) || hasUnstorableText(value)) {
    throw new UsageError(`${where} must be the provider's user id (at most ${SUBJECT_MAX} characters, no spaces), not '${value}'`);
  }
  return value;
}

function checkIssuer(args: Args): void {
  const issuer = args.string('issuer');
  if (issuer !== undefined && !/^https?:\/\/\S+$/i.test(issuer)) throw new UsageError(`--issuer must be an http(s) address, not '${issuer}'`);
}

/** The issuer of --issuer, else the configured provider's. */
function issuerOf(ctx: CliContext, args: Args): string {
  const issuer = args.string('issuer') ?? ctx.externalIssuer;
  if (!issuer) throw new CliError('No identity provider is configured (AUTH_TYPE builtin): run with the server\'s AUTH_* settings, or name the provider with --issuer.');
  return issuer;
}

/** Why a link was refused, for the operator. */
async function describeRefusal(stores: Stores, outcome: Exclude<LinkOutcome, { outcome: 'linked' | 'unchanged' }>, username: string, subject: string): Promise<string> {
  if (outcome.outcome === 'user-taken') {
    return `User ${username} is already linked to the identity '${outcome.link.subject}' of this provider; unlink it first ('atrium user unlink ${username}').`;
  }
  const other = await stores.users.findById(outcome.link.userId);
  return `The identity '${subject}' is already linked to the user ${other?.username ?? outcome.link.userId}; unlink it there first.`;
}

const link: CommandSpec = {
  group: 'user',
  name: 'link',
  summary: 'let an identity of the identity provider sign in as a user',
  description:
    "Links the provider's identity (its user id, the token's 'sub' for Keycloak, 'uid' for Okta) to the user:\n" +
    'from then on that identity signs in to this user, whatever its username or e-mail address at the\n' +
    'provider. A user has at most one identity per provider, and an identity signs in to one user.',
  positionals: ['username'],
  options: { subject: { type: 'string', arg: 'id', help: "the provider's user id", required: true }, ...ISSUER_OPTION },
  examples: ['user link olivia --subject 5f0c2a4e-8d1b-4c7a-9e3f-2b6d8a1c4e70', 'user link olivia --subject 00u1a2b3c4d5e6f7g8h9 --issuer https://acme.okta.com/oauth2/default'],
  validate(args) {
    checkSubject(args.required('subject'), '--subject');
    checkIssuer(args);
  },
  async run(ctx, args, io) {
    const issuer = issuerOf(ctx, args);
    const subject = args.required('subject');
    const user = await findUser(ctx.stores, args.positional(0));
    const outcome = await ctx.stores.identities.link({ issuer, subject, userId: user.id, linkedBy: 'operator' });
    if (outcome.outcome === 'unchanged') {
      io.stdout(`User ${user.username} is already linked to '${subject}' of ${issuer}.`);
      return;
    }
    if (outcome.outcome !== 'linked') throw new CliError(await describeRefusal(ctx.stores, outcome, user.username, subject));
    io.stdout(`Linked user ${user.username} to the identity '${subject}' of ${issuer}.`);
  },
};

const unlink: CommandSpec = {
  group: 'user',
  name: 'unlink',
  summary: "remove a user's link to an identity of the identity provider and end their sessions",
  description:
    "Removes the user's link to the provider's identity (of the configured provider, or of --issuer;\n" +
    "with --all, of every provider) and ends the user's sessions. The identity then no longer signs in\n" +
    'to this user; it may be linked again, to this user or another.',
  positionals: ['username'],
  options: { ...ISSUER_OPTION, all: { type: 'boolean', help: 'the links of every provider' } },
  validate(args) {
    checkIssuer(args);
    if (args.flag('all') && args.string('issuer') !== undefined) throw new UsageError('give either --issuer or --all, not both');
  },
  async run(ctx, args, io) {
    const issuer = args.flag('all') ? undefined : issuerOf(ctx, args);
    const user = await findUser(ctx.stores, args.positional(0));
    const removed = await ctx.stores.identities.unlink(user.id, issuer);
    if (removed === 0) {
      io.stdout(`User ${user.username} is not linked to ${issuer === undefined ? 'any identity' : `an identity of ${issuer}`}.`);
      return;
    }
    const ended = await ctx.stores.sessions.revokeAllForUser(user.id, 'operator');
    io.stdout(`Unlinked user ${user.username} (${removed} link${removed === 1 ? '' : 's'}); ended ${ended} session${ended === 1 ? '' : 's'}.`);
  },
};

const links: CommandSpec = {
  group: 'user',
  name: 'links',
  summary: 'list which identities of identity providers sign in to which users',
  positionals: [],
  options: { json: { type: 'boolean', help: 'print JSON instead of a table' } },
  async run({ stores }, args, io) {
    const rows = await stores.identities.list();
    if (args.flag('json')) {
      io.stdout(formatJson(rows.map((r) => ({ username: r.username, issuer: r.issuer, subject: r.subject, linkedBy: r.linkedBy, createdAt: r.createdAt.toISOString() }))));
      return;
    }
    if (rows.length === 0) {
      io.stdout('No links.');
      return;
    }
    io.stdout(formatTable(['USERNAME', 'SUBJECT', 'LINKED BY', 'SINCE', 'ISSUER'], rows.map((r) => [r.username, r.subject, r.linkedBy, r.createdAt.toISOString().slice(0, 10), r.issuer])));
  },
};

/** One line of an import file. */
interface ImportLine {
  line: number;
  username: string;
  subject: string;
}

/** Lines `username,subject` (or separated by a tab or spaces); blank lines and lines starting with # skipped. */
function parseImport(text: string): ImportLine[] {
  const rows: ImportLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const content = raw.trim();
    if (!content || content.startsWith('#')) return;
    const parts = content.split(/\s*[,;\t]\s*|\s+/);
    const line = index + 1;
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new CliError(`Line ${line}: expected 'username,subject', found '${content.slice(0, 80)}'.`);
    if (rows.length === 0 && parts[0].toLowerCase() === 'username' && parts[1].toLowerCase() === 'subject') return;
    try {
      checkSubject(parts[1], `Line ${line}: the subject`);
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    rows.push({ line, username: parts[0], subject: parts[1] });
  });
  return rows;
}

const linkImport: CommandSpec = {
  group: 'user',
  name: 'link-import',
  summary: 'link many users to identities of the identity provider from a file',
  description:
    "Reads lines 'username,subject' (a header line 'username,subject', blank lines and lines starting\n" +
    "with # are skipped; '-' reads standard input) and links each user to that identity, as 'user link'\n" +
    'does. Every line is checked first: when one names an unknown user, an identity or a user linked\n' +
    'otherwise, or repeats a user or an identity, nothing is linked. Lines already linked so are kept.',
  positionals: ['file'],
  options: ISSUER_OPTION,
  examples: ['user link-import links.csv', 'user link-import - < links.csv'],
  validate: checkIssuer,
  async run(ctx, args, io) {
    const issuer = issuerOf(ctx, args);
    const file = args.positional(0);
    const text = file === '-' ? await io.readStdin() : readInputFile(file, 'import').toString('utf8');
    const rows = parseImport(text);
    if (rows.length === 0) throw new CliError(`No links in ${file === '-' ? 'standard input' : `'${file}'`}.`);
    const problems: string[] = [];
    const seenUsers = new Map<string, number>();
    const seenSubjects = new Map<string, number>();
    const resolved: Array<ImportLine & { user: UserRecord }> = [];
    for (const row of rows) {
      const user = await ctx.stores.users.findByUsername(row.username);
      if (!user) {
        problems.push(`Line ${row.line}: no user named '${row.username}'.`);
        continue;
      }
      const userSeen = seenUsers.get(user.id);
      const subjectSeen = seenSubjects.get(row.subject);
      if (userSeen !== undefined) problems.push(`Line ${row.line}: user ${user.username} is on line ${userSeen} already.`);
      if (subjectSeen !== undefined) problems.push(`Line ${row.line}: the identity '${row.subject}' is on line ${subjectSeen} already.`);
      seenUsers.set(user.id, row.line);
      seenSubjects.set(row.subject, row.line);
      resolved.push({ ...row, user });
    }
    if (problems.length > 0) throw new CliError(`Nothing linked:\n  ${problems.join('\n  ')}`);
    // All or nothing: one transaction, undone at the first refusal.
    let linked = 0;
    let kept = 0;
    const refusals: string[] = [];
    await ctx.stores.transaction(async (tx) => {
      for (const row of resolved) {
        const outcome = await tx.identities.link({ issuer, subject: row.subject, userId: row.user.id, linkedBy: 'operator' });
        if (outcome.outcome === 'linked') linked++;
        else if (outcome.outcome === 'unchanged') kept++;
        else refusals.push(`Line ${row.line}: ${await describeRefusal(tx, outcome, row.user.username, row.subject)}`);
      }
      if (refusals.length > 0) throw new CliError(`Nothing linked:\n  ${refusals.join('\n  ')}`);
    });
    io.stdout(`Linked ${linked} user${linked === 1 ? '' : 's'} to identities of ${issuer}${kept ? `; ${kept} already linked so` : ''}.`);
  },
};

export const identityLinkCommands: readonly CommandSpec[] = [link, unlink, links, linkImport];
