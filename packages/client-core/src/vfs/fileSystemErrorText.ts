import { VFS_NAME_RULES, type VfsNameRule } from '@atrium/shared';
import type { Translate } from '../dialogs/DialogModel.js';

/**
 * A filesystem failure in the user's language (docs/behaviour/errors.md#files):
 * an error carrying `code: 'vfs.<code>'` and `params` (FileSystemError, or
 * what the server sent) reads `vfs.error.<code>` with its parameters, the
 * name rule of an invalid name translated too (`vfs.nameRule.<rule>`);
 * anything else reads its own message.
 */
export function fileSystemErrorText(error: unknown, translate: Translate): string {
  const { code, params } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; params?: unknown };
  if (typeof code === 'string' && code.startsWith('vfs.')) {
    const values: Record<string, unknown> = { ...(typeof params === 'object' && params !== null ? params : {}) };
    const rule = (Object.keys(VFS_NAME_RULES) as VfsNameRule[]).find((key) => VFS_NAME_RULES[key] === values.rule);
    if (rule) values.rule = translate(`vfs.nameRule.${rule}`);
    const key = `vfs.error.${code.slice('vfs.'.length)}`;
    const text = translate(key, values);
    if (text !== key) return text;
  }
  return error instanceof Error ? error.message : String(error);
}
