import { vfsErrorText, type VfsErrorCode } from '@atrium/shared';
import { HttpError } from '../http/reply.js';

/** The HTTP status of each filesystem failure (docs/API.md, "Files"). */
const STATUS: Readonly<Record<VfsErrorCode, number>> = {
  filesystemNotFound: 404,
  filesystemNotFoundFor: 404,
  notMounted: 409,
  alreadyMounted: 409,
  pathMismatch: 400,
  notFound: 404,
  notADirectory: 409,
  isADirectory: 409,
  alreadyExists: 409,
  readOnly: 403,
  notSearchable: 403,
  invalidName: 400,
  outsideMount: 400,
  intoItself: 400,
  rootImmutable: 403,
  tooDeep: 400,
  quotaExceeded: 413,
  tooLarge: 413,
  diskFull: 507,
  uploadMissing: 400,
  uploadAborted: 400,
  rangeNotSatisfiable: 416,
};

/**
 * A filesystem failure: answered as an error envelope whose message is the
 * English text, `code` 'vfs.<code>' and `params` its placeholders' values.
 */
export class VfsError extends HttpError {
  constructor(
    readonly vfsCode: VfsErrorCode,
    readonly vfsParams: Record<string, string> = {},
  ) {
    super(STATUS[vfsCode], vfsErrorText(vfsCode, vfsParams), `vfs.${vfsCode}`, undefined, vfsParams);
    this.name = 'VfsError';
  }
}
