import * as z from 'zod/mini';

/**
 * Text that can be stored. PostgreSQL refuses a NUL character in text and
 * jsonb, and an unpaired UTF-16 surrogate cannot be encoded as UTF-8: such
 * input is refused with a 400 by the schemas that use these builders, never
 * left to fail in the database (docs/SECURITY.md, "Input").
 */

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what must be found
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a refused text field is told. */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** True when a string holds a character the database cannot store. */
export function hasUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/** The same text with every unstorable character replaced by U+FFFD, for input that is kept rather than refused. */
export function toStorableText(value: string): string {
  return hasUnstorableText(value) ? value.replace(new RegExp(UNSTORABLE.source, 'g'), '\ufffd') : value;
}

/**
 * True when every string and key in a JSON value is storable. Walks
 * iteratively, so that a deeply nested value cannot exhaust the stack.
 */
export function isStorableJson(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasUnstorableText(next)) return false;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (hasUnstorableText(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

/** A string refused when it holds a NUL or an unpaired surrogate, with optional length bounds. */
export function text(bounds: { min?: number; max?: number } = {}) {
  const checks: z.core.$ZodCheck<string>[] = [z.refine<string>((s) => !hasUnstorableText(s), UNSTORABLE_TEXT_MESSAGE)];
  if (bounds.min !== undefined) checks.push(z.minLength(bounds.min));
  if (bounds.max !== undefined) checks.push(z.maxLength(bounds.max));
  return z.string().check(...checks);
}
