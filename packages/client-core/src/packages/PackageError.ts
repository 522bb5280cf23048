import type { Translate } from '../windows/WindowIdExistsError.js';

export type PackageErrorCode = 'metadata' | 'loading' | 'runtime' | 'exception' | 'access' | 'manifest';

/** The English texts of §8 (and §6 for access); `translated()` gives the catalogue's packages.error.<code>. */
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
 * text of §8; `reason` is the loading failure's own text; `cause` the
 * underlying error (an exception thrown by the app, a failed import).
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

  /** The message in the current language (packages.error.<code> with {name, reason, app}). */
  translated(translate: Translate): string {
    return translate(`packages.error.${this.code}`, { name: this.packageName, reason: this.reason, app: this.packageName });
  }
}

/**
 * The hint shown under a launch error (§8): 'upgrade' for a message
 * mentioning ReactDOM.render (a package built for an older desktop),
 * 'restart' for one containing 'failed', else none.
 */
export function launchErrorHint(message: string): 'upgrade' | 'restart' | null {
  if (message.includes('ReactDOM.render')) return 'upgrade';
  if (/failed/i.test(message)) return 'restart';
  return null;
}
