import { vfsErrorText, type VfsErrorCode } from './vfsErrors.js';

/**
 * A filesystem failure (docs/behaviour/errors.md#files): the English text as
 * `message`, and the code and parameters the interface translates it with
 * (`vfs.error.<code>` in the catalogues).
 */
export class FileSystemError extends Error {
  override name = 'FileSystemError';
  /** 'vfs.' + the code, as the server's error envelope carries it. */
  readonly code: `vfs.${VfsErrorCode}`;

  constructor(
    readonly kind: VfsErrorCode,
    readonly params: Readonly<Record<string, string>> = {},
    message: string = vfsErrorText(kind, params),
  ) {
    super(message);
    this.code = `vfs.${kind}`;
  }
}
