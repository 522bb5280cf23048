import { VFS_ERRORS, VFS_NAME_RULES, vfsErrorText, vfsNameRuleBroken, type VfsNameRule } from '@atrium/shared';

/**
 * Something that went wrong, ready to be translated by the view: the i18n
 * key and its values, the English text as the fallback, and values that
 * are themselves keys to translate first (a name rule inside 'not a valid
 * name'). Filesystem failures use the keys `vfs.error.<code>` and
 * `vfs.nameRule.<rule>` (docs/behaviour/errors.md#files).
 */
export interface Problem {
  key: string;
  params: Record<string, string>;
  message: string;
  paramKeys?: Record<string, string>;
}

function ruleOfText(text: string): VfsNameRule | null {
  const found = Object.entries(VFS_NAME_RULES).find(([, value]) => value === text);
  return found ? (found[0] as VfsNameRule) : null;
}

/** Whether a failure is an aborted upload (the user's cancel). */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The problem of a failure: a filesystem error by its code, anything else by its message. */
export function problemOf(error: unknown): Problem {
  const e = error as { code?: unknown; params?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (e && typeof e.code === 'string' && e.code.startsWith('vfs.')) {
    const kind = e.code.slice(4);
    const params = typeof e.params === 'object' && e.params !== null ? { ...(e.params as Record<string, string>) } : {};
    if (Object.hasOwn(VFS_ERRORS, kind)) {
      const rule = kind === 'invalidName' && typeof params.rule === 'string' ? ruleOfText(params.rule) : null;
      return { key: `vfs.error.${kind}`, params, message, ...(rule ? { paramKeys: { rule: `vfs.nameRule.${rule}` } } : {}) };
    }
  }
  return { key: 'files.error.unexpected', params: { message }, message };
}

/** Why a name cannot be used, or null when it can (the rule the server applies too). */
export function nameProblem(name: string): Problem | null {
  const rule = vfsNameRuleBroken(name);
  if (!rule) return null;
  const params = { name, rule: VFS_NAME_RULES[rule] };
  return { key: 'vfs.error.invalidName', params, message: vfsErrorText('invalidName', params), paramKeys: { rule: `vfs.nameRule.${rule}` } };
}

/** A problem of the app's own texts. */
export function appProblem(key: string, message: string, params: Record<string, string> = {}): Problem {
  return { key, params, message };
}
