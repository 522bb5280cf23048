import type { AccountStore } from '../accounts/AccountStore.js';
import { NotAuthenticatedError } from '../access/AccessError.js';
import type { Callers } from '../access/Callers.js';
import { vfsCallerOf } from '../access/views.js';
import type { UserStore } from '../users/UserStore.js';
import type { VfsCaller, VfsService } from './VfsService.js';
import type { VfsNodeRecord } from './VfsStore.js';

export interface FileLinksDeps {
  vfs: VfsService;
  /** Whether a session is still open for its user. */
  isSessionOpen(sessionId: string, userId: string): Promise<boolean>;
  users: Pick<UserStore, 'findById'>;
  accounts: Pick<AccountStore, 'isMember'>;
  callers: Callers;
}

/**
 * Files reached by id or by the signed token of a file's address
 * (docs/behaviour/files.md#addresses). A token's signature and expiry are
 * checked first, then its session and user, before any file or path is
 * looked up, so a forged token learns nothing of what exists: every
 * refusal is the same NotAuthenticatedError.
 */
export class FileLinks {
  constructor(private readonly deps: FileLinksDeps) {}

  /** The caller a file address's token speaks for, and the file it names. */
  async callerOfToken(token: string): Promise<{ caller: VfsCaller; fileId: string }> {
    const grant = this.deps.vfs.verifyToken(token);
    if (!grant || !(await this.deps.isSessionOpen(grant.sessionId, grant.userId))) throw new NotAuthenticatedError();
    const user = await this.deps.users.findById(grant.userId);
    if (!user) throw new NotAuthenticatedError();
    return { caller: vfsCallerOf(await this.deps.callers.of(user, grant.sessionId)), fileId: grant.fileId };
  }

  /** A file by id that the caller may see: their own, or one of an organisation they belong to. */
  fileById(who: VfsCaller, id: string): Promise<VfsNodeRecord> {
    const userId = who.userId;
    return this.deps.vfs.fileById(who, id, (accountId) => (userId ? this.deps.accounts.isMember(userId, accountId) : Promise.resolve(false)));
  }

  /**
   * The file of a token, which `path` must name: the token's own file first,
   * then whether the path names it, so that a token for a file that is gone
   * answers as a forged one, without the path being resolved.
   */
  async fileOfToken(token: string, path: string): Promise<VfsNodeRecord> {
    const { caller, fileId } = await this.callerOfToken(token);
    const node = await this.fileById(caller, fileId).catch(() => null);
    const named = node ? await this.deps.vfs.file(caller, path).catch(() => null) : null;
    if (!node || named?.node.id !== node.id) throw new NotAuthenticatedError();
    return node;
  }

  /** The file `id` through a token, which must name that very file. */
  async fileByToken(token: string, id: string): Promise<VfsNodeRecord> {
    const { caller, fileId } = await this.callerOfToken(token);
    if (fileId !== id) throw new NotAuthenticatedError();
    return this.fileById(caller, id);
  }
}
