import type { Readable } from 'node:stream';
import type { VfsEntry } from '@atrium/shared';
import type { StoredBlob } from './VfsBlobStore.js';
import { VfsError } from './VfsError.js';
import type { VfsCaller, VfsService } from './VfsService.js';
import type { DeclaredLength, WriteSpace } from './WriteSpaces.js';

/** A part of an upload's form: a field, or the file (a stream that says whether it was cut at the size limit). */
export type UploadPart = { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; file: Readable & { truncated: boolean } };

/** Where an upload goes, read from the form's `path` and `options` fields (validated by the caller of `write`). */
export type UploadTarget = (fields: Readonly<Record<string, string>>) => { path: string; options: { overwrite?: boolean } };

/**
 * writefile (docs/behaviour/files.md#upload) over VfsService's public
 * calls: the upload's space is held before its first byte is stored, the
 * content streamed to the blob store, then recorded; content whose write is
 * refused or cut short is deleted, and the space is released either way.
 */
export class VfsUploads {
  constructor(private readonly vfs: VfsService) {}

  /** Refuses a declared length that cannot fit, whatever the path, before a byte of the body is read. */
  async checkLength(who: VfsCaller, declared: DeclaredLength | null): Promise<void> {
    if (declared) await this.vfs.checkUploadLength(who, declared);
  }

  /** Stores the form's `upload` part at the path its fields name. Only the first `upload` part counts; other files are drained. */
  async write(who: VfsCaller, parts: AsyncIterable<UploadPart>, declared: DeclaredLength | null, target: UploadTarget): Promise<VfsEntry> {
    const vfs = this.vfs;
    const fields: Record<string, string> = {};
    let space: WriteSpace | null = null;
    let blob: StoredBlob | null = null;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'path' || part.fieldname === 'options') fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'upload' || space) {
          part.file.resume();
          continue;
        }
        // With the path known first (the usual order), a refused write is answered before the upload is read;
        // either way the upload's space is held before its first byte is stored.
        if (fields.path !== undefined) {
          const { path, options } = target(fields);
          space = await vfs.prepareWrite(who, path, options, declared);
        } else {
          space = await vfs.prepareWrite(who, null, {}, declared);
        }
        blob = await vfs.storeContent(part.file, space);
        if (part.file.truncated) throw vfs.tooLargeError();
      }
      if (!blob) throw new VfsError('uploadMissing');
      const { path, options } = target(fields);
      const stored = blob;
      // From here commitWrite deletes the content when it fails.
      blob = null;
      return await vfs.commitWrite(who, path, stored, options);
    } catch (e) {
      if (blob) await vfs.discard(blob);
      throw e;
    } finally {
      // Recorded or given up, the content no longer needs its space held.
      space?.release();
    }
  }
}
