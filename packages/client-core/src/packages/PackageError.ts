import type { Translate } from '../windows/WindowIdExistsError.js';

export type PackageErrorCode = 'metadata' | 'loading' | 'runtime' | 'exception' | 'access' | 'manifest';

/** The English texts of docs/behaviour/errors.md#applications; `translated()` gives the catalogue's packages.error.<code>. */
export const PackageMessages = {
  metadata: (name: string) => `Package Metadata '${name}' not found`,
  loading: (name: string, reason: string) => `Package Loading '${name}' failed: ${reason}`,
  runtime: (name: string) => `Package Runtime '${name}' not found`,
  manifest: (name: string) => `Metadata not found for '${name}'. Is it in the manifest?`,
  exception: (name: string) => `An exception occured in '${name}'`,
  access: (name: string) => `You don't have access to ${name} App`,
} as const;

/**
 * A package could not be launched or loaded. The message is the English
 * text of docs/behaviour/errors.md#applications; `reason` is the loading
 * failure's own text; `cause` the underlying error (an exception thrown by
 * the app, a failed import).
 */
export class PackageError extends Error {
  readonly code: PackageErrorCode;
  readonly packageName: string;
  readonly reason: string;

  constructor(code: PackageErrorCode, packageName: string, options: { reason?: string; cause?: unknown } = {}) {
    const reason = options.reason ?? '';
    super(code === 'loading' ? PackageMessages.loading(packageName, reason) : PackageMessages[code](packageName), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PackageError';
    this.code = code;
    this.packageName = packageName;
    this.reason = reason;
  }

  /**
   * The message in the current language (packages.error.<code> with {name,
   * reason, app}), as the user reads it first: a loading failure's reason is
   * its first line without addresses (shortReason); the whole of it stays in
   * the message and the details.
   */
  translated(translate: Translate): string {
    return translate(`packages.error.${this.code}`, { name: this.packageName, reason: shortReason(this.reason), app: this.packageName });
  }
}

/** Longest reason shown in a launch error's sentence; a longer one is cut with an ellipsis (the details keep it whole). */
const REASON_MAX = 120;

/**
 * A failure's reason as a sentence can carry it: its first line, without
 * the addresses a browser puts in its messages (a package file's signed
 * address is long and means nothing to the user), at most REASON_MAX
 * characters. 'Failed to fetch dynamically imported module: https://…/main.js'
 * becomes 'Failed to fetch dynamically imported module'.
 */
export function shortReason(reason: string): string {
  const line = (reason.split('\n')[0] ?? '').trim();
  const text = line
    .replace(/:?\s*\bhttps?:\/\/\S+/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const shown = text || line;
  return shown.length > REASON_MAX ? `${shown.slice(0, REASON_MAX - 1).trimEnd()}…` : shown;
}

/**
 * The hint shown under a launch error (docs/behaviour/applications.md#launch-errors):
 * 'upgrade' for a message mentioning ReactDOM.render (a package built for an
 * older desktop), 'restart' for one containing 'failed', else none.
 */
export function launchErrorHint(message: string): 'upgrade' | 'restart' | null {
  if (message.includes('ReactDOM.render')) return 'upgrade';
  if (/failed/i.test(message)) return 'restart';
  return null;
}

/** Letters and digits of error ids: no 0/O or 1/I/L, so that an id read aloud or retyped stays the same. */
const ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * A short id for one failure ('K7QF-3MZD'): shown with the launch error's
 * details and logged with them, so that a user can quote it and support can
 * find the log entry. `random` fills a byte array (WebCrypto's
 * getRandomValues by default).
 */
export function newErrorId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(8));
  const chars = Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
