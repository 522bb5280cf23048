import { FILES_PER_FIELD_MAX, type FileRef, type RecordDetail } from '@atrium/shared/apps';
import type { Caller } from '../access/Caller.js';
import { RecordError } from './RecordError.js';
import type { RecordCore } from './RecordCore.js';
import type { RecordStore } from './RecordStore.js';
import { fileRefs } from './fileValues.js';

/**
 * The records' side of the files of file fields (docs/behaviour/records.md#attachments):
 * which files of which records a caller may read, where their upload may
 * go, and the record change that adds an uploaded file. The filesystem's
 * side (the `records` mountpoint, the upload itself) is RecordFiles.ts.
 */
export class RecordAttachments {
  constructor(
    private readonly core: RecordCore,
    private readonly store: RecordStore,
  ) {}

  /**
   * Of these names of an application's records, the live ones the caller
   * may read, each with the names of the files its fields the caller sees
   * hold; null when the caller does not have the application.
   */
  async readableFiles(caller: Caller, appName: string, names: readonly string[]): Promise<Map<string, Set<string>> | null> {
    const app = await this.core.context(caller, appName).catch((e: unknown) => {
      if (e instanceof RecordError && e.code === 'records.appNotFound') return null;
      throw e;
    });
    if (!app) return null;
    const found = new Map<string, Set<string>>();
    if (names.length === 0) return found;
    for (const [key, entity] of Object.entries(app.declaration.entities)) {
      if (!Object.values(entity.fields).some((f) => f.type === 'file')) continue;
      for (const record of await this.store.findByNames(app.scope, key, names)) {
        const access = this.core.access(caller, app, record);
        if (!access.actions.includes('read')) continue;
        const shown = Object.keys(entity.fields).filter((f) => entity.fields[f]!.type === 'file' && !access.hiddenFields.includes(f));
        found.set(record.name, new Set(shown.flatMap((f) => fileRefs(record.data[f]).map((file) => file.name))));
      }
    }
    return found;
  }

  /**
   * Where a caller's upload to a record's file field may go: a live record
   * they may update, a file field they may change, with room for one more
   * file. Refused as the record's update would be.
   */
  async fileTarget(caller: Caller, appName: string, name: string, fieldKey: string): Promise<{ app: string; record: string }> {
    const app = await this.core.context(caller, appName);
    const { record, entity, access } = await this.core.readable(caller, app, name);
    if (record.deletedAt) throw new RecordError('notFound');
    if (!access.actions.includes('update')) throw new RecordError('forbidden');
    const field = Object.hasOwn(entity.fields, fieldKey) && !access.hiddenFields.includes(fieldKey) ? entity.fields[fieldKey]! : null;
    if (field?.type !== 'file') throw new RecordError('invalid', undefined, { [fieldKey]: { code: 'unknownField' } });
    if (field.readOnly || access.readOnlyFields.includes(fieldKey)) throw new RecordError('readOnlyField', { field: fieldKey });
    const max = field.multiple ? FILES_PER_FIELD_MAX : 1;
    if (fileRefs(record.data[fieldKey]).length >= max) throw new RecordError('invalid', undefined, { [fieldKey]: { code: 'maxRows', params: { max: String(max) } } });
    return { app: app.name, record: record.name };
  }

  /** A file stored in a record's folder added to its file field, on the record's newest version (a change in its history). */
  async attach(caller: Caller, appName: string, name: string, fieldKey: string, file: FileRef): Promise<RecordDetail> {
    const app = await this.core.context(caller, appName);
    // Another change may come between reading the record and writing it: the file is added to the newer values then.
    for (let attempt = 1; ; attempt++) {
      const read = await this.core.readable(caller, app, name);
      if (read.record.deletedAt) throw new RecordError('notFound');
      try {
        return await this.core.write(caller, app, read, read.record.version, { [fieldKey]: [...fileRefs(read.record.data[fieldKey]), file] }, file);
      } catch (e) {
        if (!(e instanceof RecordError && e.code === 'records.conflict') || attempt >= 3) throw e;
      }
    }
  }
}
