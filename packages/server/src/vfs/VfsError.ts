import { vfsErrorText, type VfsErrorCode } from '@atrium/shared';
import { DomainError } from '../DomainError.js';

/**
 * A filesystem failure: answered as an error envelope whose message is the
 * English text, `code` 'vfs.<code>' and `params` its placeholders' values
 * (statuses: http/domainErrors.ts).
 */
export class VfsError extends DomainError {
  constructor(
    readonly vfsCode: VfsErrorCode,
    readonly vfsParams: Record<string, string> = {},
  ) {
    super(vfsErrorText(vfsCode, vfsParams), `vfs.${vfsCode}`, vfsParams);
    this.name = 'VfsError';
  }
}
