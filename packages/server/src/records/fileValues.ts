/**
 * The rules of file fields' values (docs/behaviour/records.md#attachments):
 * a file field holds files stored in its record's folder, put there by an
 * upload only; a write may keep or take out files, never bring in others.
 */
import type { Entity, FileRef, ValueProblem } from '@atrium/shared/apps';

/** The files a value holds (none for anything else). */
export function fileRefs(value: unknown): FileRef[] {
  return Array.isArray(value) ? (value as FileRef[]).filter((f) => typeof f?.id === 'string' && typeof f.name === 'string') : [];
}

/**
 * A file field's value naming a file it did not hold before, other than the
 * one just uploaded (a file of another record, of someone's home, or none),
 * is refused as `file`.
 */
export function fileProblems(entity: Entity, before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>, uploaded: FileRef | null): Record<string, ValueProblem> {
  const problems: Record<string, ValueProblem> = {};
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.type !== 'file') continue;
    const held = new Map(fileRefs(before[key]).map((f) => [f.id, f.name]));
    const added = fileRefs(after[key]).filter((f) => held.get(f.id) !== f.name && !(uploaded && f.id === uploaded.id && f.name === uploaded.name));
    if (added.length > 0) problems[key] = { code: 'file' };
  }
  return problems;
}

/** The files a write takes out of a record's file fields. */
export function removedFiles(entity: Entity, before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): FileRef[] {
  const removed: FileRef[] = [];
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.type !== 'file') continue;
    const kept = new Set(fileRefs(after[key]).map((f) => f.id));
    removed.push(...fileRefs(before[key]).filter((f) => !kept.has(f.id)));
  }
  return removed;
}
