/**
 * Checks and reads of command-line values: passwords (the shared rules),
 * e-mail addresses, dates, links and files.
 */
import fs from 'node:fs';
import { checkNewPassword, PASSWORD_MAX_LENGTH, PASSWORD_RULE_MESSAGES } from '@atrium/shared';
import { CliError, UsageError, type Args } from './args.js';
import type { CliIo } from './io.js';

/**
 * The password given with --password or --password-stdin (one line, its
 * newline dropped), checked against the password rules; undefined when
 * neither option was given.
 */
export async function readNewPassword(args: Args, io: CliIo): Promise<string | undefined> {
  checkPasswordOptions(args, false);
  const inline = args.string('password');
  const fromStdin = args.flag('password-stdin');
  let password = inline;
  if (fromStdin) {
    password = (await io.readStdin()).replace(/\r?\n$/, '');
    if (/[\r\n]/.test(password)) throw new CliError('The password read from standard input must be a single line.');
  }
  if (password === undefined) return undefined;
  if (password.length > PASSWORD_MAX_LENGTH) throw new CliError(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);
  const rule = checkNewPassword(password, password);
  if (rule) throw new CliError(PASSWORD_RULE_MESSAGES[rule]);
  return password;
}

/** Checks that at most one (or, when required, exactly one) of the password options is given. */
export function checkPasswordOptions(args: Args, required: boolean): void {
  const inline = args.string('password') !== undefined;
  const fromStdin = args.flag('password-stdin');
  if (inline && fromStdin) throw new UsageError('give either --password or --password-stdin, not both');
  if (required && !inline && !fromStdin) throw new UsageError('give the new password with --password or --password-stdin');
}

/** Options shared by the commands that set a password. */
export const PASSWORD_OPTIONS = {
  password: { type: 'string', arg: 'password', help: 'the password (visible in the process list and shell history)' },
  'password-stdin': { type: 'boolean', help: 'read the password from standard input (one line)' },
} as const;

export function checkEmail(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new UsageError(`'${value}' is not an e-mail address`);
  return value;
}

/** A calendar date as YYYY-MM-DD, not in the future. */
export function checkPastDate(value: string, option: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw new UsageError(`--${option} must be a date as YYYY-MM-DD, not '${value}'`);
  if (date.getTime() > Date.now()) throw new UsageError(`--${option} must not be in the future`);
  return value;
}

/** An absolute http(s) address, or a path on this server when `allowPath`. */
export function checkLink(value: string, option: string, allowPath = false): string {
  if (allowPath && value.startsWith('/') && !value.startsWith('//')) return value;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`--${option} must be an http(s) address${allowPath ? ' or a path starting with /' : ''}, not '${value}'`);
  }
  return value;
}

/** The bytes of a file named on the command line. */
export function readInputFile(file: string, what: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new CliError(`Cannot read the ${what} file '${file}': ${reason}.`);
  }
}
