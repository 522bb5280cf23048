import { VFS_NAME_RULES } from '@atrium/shared';

/** Translates a text of the product's catalogues. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * The sentence a user reads for a failed file operation: a filesystem
 * failure (its `code` 'vfs.<code>' and `params`) in the current language
 * through `vfs.error.<code>` (an invalid name's rule through
 * `vfs.nameRule.<rule>`), anything else by its own message. When the
 * catalogue has no such text the English message is kept.
 */
export function fileErrorText(t: Translate, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const failure = error as { code?: unknown; params?: unknown } | null;
  const code = typeof failure?.code === 'string' && failure.code.startsWith('vfs.') ? failure.code.slice(4) : null;
  if (!code) return message;
  const params: Record<string, unknown> = { ...(typeof failure?.params === 'object' && failure.params !== null ? failure.params : {}) };
  if (typeof params.rule === 'string') {
    // The rule comes as its English text (or its name): find its name to translate it.
    const english = params.rule;
    const rule = Object.entries(VFS_NAME_RULES).find(([name, text]) => name === english || text === english)?.[0];
    if (rule) params.rule = known(t, `vfs.nameRule.${rule}`, english);
  }
  return known(t, `vfs.error.${code}`, message, params);
}

/** The translation of a key, or the fallback when the catalogue does not know it (i18next answers the key). */
function known(t: Translate, key: string, fallback: string, vars?: Record<string, unknown>): string {
  const text = t(key, vars);
  return text && text !== key ? text : fallback;
}
