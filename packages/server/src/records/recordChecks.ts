import { normaliseValue, type Entity } from '@atrium/shared/apps';
import { RecordError } from './RecordError.js';

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
