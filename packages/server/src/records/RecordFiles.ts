/**
 * The files of records' file fields (docs/behaviour/records.md#attachments):
 * stored in the filesystem's `records` mountpoint of the organisation, one
 * folder per application and, in it, one per record (by its name). Users
 * read them through the filesystem's calls as far as this part, the
 * mountpoint's guard, lets them: a record they may not read is not there,
 * nor a file of a field hidden to them. Only this part writes there: an
 * upload stored through the filesystem's write path (the uploader's
 * storage space), then added to the field by a record update; a file a
 * write takes out of its field is deleted. A deleted record keeps its
 * folder, hidden, so that its restore brings its files back.
 */
import type { Readable } from 'node:stream';
import { VFS_NAME_RULES, vfsNameRuleBroken } from '@atrium/shared';
import type { FileRef, RecordDetail } from '@atrium/shared/apps';
import type { Caller } from '../access/Caller.js';
import { vfsCallerOf } from '../access/views.js';
import type { Log } from '../logger.js';
import { RECORDS_MOUNT } from '../vfs/mounts.js';
import type { StoredBlob } from '../vfs/VfsBlobStore.js';
import { VfsError } from '../vfs/VfsError.js';
import type { MountGuard, VfsCaller, VfsService } from '../vfs/VfsService.js';
import type { DeclaredLength, WriteSpace } from '../vfs/WriteSpaces.js';
import type { RecordService } from './RecordService.js';

/** A part of an upload's form: a field, or a file (a stream that says whether it was cut at the size limit). */
export type RecordUploadPart = { type: 'field'; fieldname: string } | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated: boolean } };

/** Most names tried for a file whose name its record's folder holds already ('report (2).pdf', ...). */
const NAME_ATTEMPTS = 100;

export class RecordFiles implements MountGuard {
  constructor(
    private readonly records: RecordService,
    private readonly vfs: VfsService,
    private readonly log: Log,
  ) {
    records.useFiles({ removed: (where, files) => this.removed(where, files) });
    vfs.guard(RECORDS_MOUNT, this);
  }

  /**
   * The guard of the mountpoint: its root to every member; an application's
   * folder to who has the application; a record's folder to who may read
   * the record (a live one); a file in it when a field the caller sees
   * holds it.
   */
  async visibleNames(caller: VfsCaller, scope: string, paths: ReadonlyArray<readonly string[]>): Promise<number[]> {
    const who = caller.caller;
    if (!who || who.organisation?.id !== scope) return paths.map(() => 0);
    const namesByApp = new Map<string, Set<string>>();
    for (const path of paths) {
      if (path.length === 0) continue;
      const names = namesByApp.get(path[0]!) ?? new Set<string>();
      if (path.length > 1) names.add(path[1]!);
      namesByApp.set(path[0]!, names);
    }
    const readable = new Map<string, Map<string, Set<string>> | null>();
    for (const [app, names] of namesByApp) readable.set(app, await this.records.attachments.readableFiles(who, app, [...names]));
    return paths.map((path) => {
      if (path.length === 0) return 0;
      const records = readable.get(path[0]!);
      if (!records) return 0;
      if (path.length === 1) return 1;
      const files = records.get(path[1]!);
      if (!files) return 1;
      if (path.length === 2) return 2;
      return files.has(path[2]!) ? path.length : 2;
    });
  }

  /**
   * POST records/{app}/record/{name}/files?field=: the form's `upload` part
   * stored in the record's folder (under its own name, or 'name (2).ext'
   * when that is taken) and added to the field. The record's update right
   * and the field's are checked before a byte is stored; the space is the
   * uploader's, held before the first byte as any upload's.
   */
  async upload(caller: Caller, appName: string, name: string, fieldKey: string, parts: AsyncIterable<RecordUploadPart>, declared: DeclaredLength | null): Promise<RecordDetail> {
    const target = await this.records.attachments.fileTarget(caller, appName, name, fieldKey);
    const who: VfsCaller = { ...vfsCallerOf(caller), forMount: RECORDS_MOUNT };
    // A length that cannot fit is refused before a byte of the body is read.
    if (declared) await this.vfs.checkUploadLength(who, declared);
    const folder = `${RECORDS_MOUNT}:/${target.app}/${target.record}`;
    let space: WriteSpace | null = null;
    let blob: StoredBlob | null = null;
    let stored: FileRef | null = null;
    try {
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== 'upload' || space) {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        // The file's own name, checked before anything is made (the form's reader keeps only its last name).
        const rule = vfsNameRuleBroken(part.filename ?? '');
        if (rule) throw new VfsError('invalidName', { name: part.filename ?? '', rule: VFS_NAME_RULES[rule] });
        const path = await this.freePath(who, folder, part.filename);
        space = await this.vfs.prepareWrite(who, path, { overwrite: false }, declared);
        blob = await this.vfs.storeContent(part.file, space);
        if (part.file.truncated) throw this.vfs.tooLargeError();
        const content = blob;
        // From here commitWrite deletes the content when it fails.
        blob = null;
        const entry = await this.vfs.commitWrite(who, path, content, { overwrite: false });
        stored = { id: entry.id!, name: entry.filename };
      }
      if (!stored) throw new VfsError('uploadMissing');
      return await this.records.attachments.attach(caller, target.app, target.record, fieldKey, stored);
    } catch (e) {
      if (blob) await this.vfs.discard(blob);
      // Stored but not added to the record (the record changed meanwhile): it goes.
      if (stored) await this.removed({ accountId: caller.organisation!.id, app: target.app, record: target.record }, [stored]);
      throw e;
    } finally {
      space?.release();
    }
  }

  /** Deletes files a write took out of a record (each when its path still names it). */
  private async removed(where: { accountId: string; app: string; record: string }, files: FileRef[]): Promise<void> {
    const who: VfsCaller = { userId: null, sessionId: null, account: { id: where.accountId, name: '' }, forMount: RECORDS_MOUNT };
    for (const file of files) {
      const path = `${RECORDS_MOUNT}:/${where.app}/${where.record}/${file.name}`;
      try {
        const entry = await this.vfs.stat(who, path);
        if (entry.id === file.id) await this.vfs.unlink(who, path);
      } catch (err) {
        if (err instanceof VfsError && err.vfsCode === 'notFound') continue;
        this.log.warn({ err, event: 'records.file-delete-failed', app: where.app, record: where.record }, 'a file taken out of a record could not be deleted');
      }
    }
  }

  /** The path of a new file in the record's folder (made with its application's folder when missing), under a name not yet taken. */
  private async freePath(who: VfsCaller, folder: string, filename: string): Promise<string> {
    const app = folder.slice(0, folder.lastIndexOf('/'));
    for (const path of [app, folder]) {
      if (!(await this.vfs.exists(who, path))) {
        await this.vfs.mkdir(who, path).catch((e: unknown) => {
          if (!(e instanceof VfsError && e.vfsCode === 'alreadyExists')) throw e;
        });
      }
    }
    const taken = new Set((await this.vfs.readdir(who, folder, { showHiddenFiles: true })).map((e) => e.filename));
    const dot = filename.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
    for (let n = 1; n <= NAME_ATTEMPTS; n++) {
      const name = n === 1 ? filename : `${stem} (${n})${ext}`;
      if (!taken.has(name)) return `${folder}/${name}`;
    }
    throw new VfsError('alreadyExists', { path: `${folder}/${filename}` });
  }
}
