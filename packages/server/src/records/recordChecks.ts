import { normaliseValue, type Entity, type ValueProblem } from '@atrium/shared/apps';
import { RecordError } from './RecordError.js';
import { uniqueIndexName } from './recordIndexes.js';

/** Most users one comment mentions. */
export const MENTIONS_MAX = 20;
/** `@username` at the start of the text or after a character that cannot end an address or a word. */
const MENTION = /(?:^|[^\p{L}\p{N}_.@-])@([a-z0-9][a-z0-9._-]{0,99})/giu;

/** Whether two values of a field are the same (as stored: JSON). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields a new record is given a value (neither null nor an empty list): those its first history row lists. */
export function givenFields(entity: Entity, values: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(entity.fields).filter((key) => !same(values[key], null) && !same(values[key], []));
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a text may be a user's id (a user field's value is any text until checked). */
export const isUserId = (text: string): boolean => USER_ID.test(text);

/** Whether the database refused a write for a value another row holds (a name taken meanwhile). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  return (err?.code ?? err?.cause?.code) === '23505';
}

/** The name of the constraint (or unique index) a refused write violated, as the database driver reports it. */
export function violatedConstraint(e: unknown): unknown {
  const err = e as { constraint?: unknown; cause?: { constraint?: unknown } } | null;
  return err?.constraint ?? err?.cause?.constraint;
}

/** The table's constraint that keeps a record's name unique in its application and organisation (db/schema.ts). */
const RECORD_NAME_CONSTRAINT = 'records_name_key';

/**
 * The field problem of a write the database refused for a value another
 * record holds: the unique field whose index (recordIndexes.ts) refused it,
 * else the field naming the records (their name is taken), as the read
 * checks before the write say it. Null when it is no such refusal.
 */
export function uniqueViolationProblems(e: unknown, appId: string, entityKey: string, entity: Entity): Record<string, ValueProblem> | null {
  if (!isUniqueViolation(e)) return null;
  const constraint = violatedConstraint(e);
  const field = Object.keys(entity.fields).find((key) => entity.fields[key]!.unique && uniqueIndexName(appId, entityKey, key) === constraint);
  if (field !== undefined) return { [field]: { code: 'unique' } };
  if (constraint === RECORD_NAME_CONSTRAINT && 'field' in entity.naming) return { [entity.naming.field]: { code: 'unique' } };
  return null;
}

/**
 * Refuses a value given for a field the caller may not set: declared
 * read-only, computed, or locked for the caller. A value equal to what the
 * field holds already (a form sends all its fields) is no change.
 */
export function refuseLocked(entity: Entity, input: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>, locked: (key: string) => boolean): void {
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(entity.fields, key)) continue;
    const field = entity.fields[key]!;
    const computed = 'computed' in field && field.computed !== undefined;
    if (!(field.readOnly || computed || locked(key))) continue;
    const given = field.type === 'table' ? input[key] : normaliseValue(field, input[key]).value;
    if (same(given, current[key])) continue;
    throw new RecordError('readOnlyField', { field: key });
  }
}

/** The usernames a comment mentions (`@username`), lower-case, each once, at most MENTIONS_MAX. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[1]!.toLowerCase()))].slice(0, MENTIONS_MAX);
}
