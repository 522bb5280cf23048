import * as z from 'zod/mini';
import { isVfsPath } from '../rules/path.js';
import { vfsErrorText } from '../rules/vfsErrors.js';
import { hasUnstorableText } from './text.js';
import { VFS_PATH_MAX_LENGTH, VFS_PATTERN_MAX_LENGTH, VFS_SEARCH_MAX_RESULTS, type VfsOperation } from './vfs.js';

/**
 * The request bodies of the /vfs operations (docs/API.md, "Files"), as the
 * server checks them. Apart from vfs.ts, so that a client importing the
 * constants and types does not carry the schemas.
 */

// ---- Request bodies ----

/**
 * A path of the 'name:/path' form. Only the form and the length are checked
 * here; that the path stays in its mountpoint and names valid entries is the
 * server's check (docs/behaviour/files.md#paths).
 */
export const VfsPathField = z.string().check(
  z.minLength(1),
  z.maxLength(VFS_PATH_MAX_LENGTH),
  z.refine((value) => !hasUnstorableText(value), 'must not contain NUL characters or unpaired surrogates'),
  z.refine((value) => isVfsPath(value), { error: (issue) => vfsErrorText('pathMismatch', { path: String(issue.input) }) }),
);

/** Options may come as an object or (GET query, multipart field) as its JSON text. */
function optionsOf<S extends z.core.$ZodType>(schema: S) {
  return z.optional(
    z.pipe(
      z.transform((value: unknown, ctx) => {
        if (typeof value !== 'string') return value ?? {};
        if (value === '') return {};
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: 'must be an object or its JSON text', input: value });
          return z.NEVER;
        }
      }),
      schema,
    ),
  );
}

/** readdir: whether to list names starting with a dot. */
export const VfsReaddirOptions = z.object({ showHiddenFiles: z.optional(z.boolean()) });
/** readfile: `download` sends the content as an attachment; `range` is not an option (use the Range header). */
export const VfsReadfileOptions = z.object({ download: z.optional(z.boolean()) });
/** writefile, copy, rename: `overwrite: false` refuses to replace an existing entry (default: replace files, never directories). */
export const VfsWriteOptions = z.object({ overwrite: z.optional(z.boolean()) });
/** search: at most `limit` results (capped at VFS_SEARCH_MAX_RESULTS). */
export const VfsSearchOptions = z.object({ limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(VFS_SEARCH_MAX_RESULTS))) });
/** Operations with no options of their own accept an empty (or unknown-keyed) object. */
export const VfsNoOptions = z.object({});

/** {path, options}: readdir, readfile, exists, stat, mkdir, unlink, touch (and writefile's fields besides the upload). */
export const VfsPathBody = <S extends z.core.$ZodType>(options: S) => z.object({ path: VfsPathField, options: optionsOf(options) });
/** {from, to, options}: copy, rename. */
export const VfsFromToBody = z.object({ from: VfsPathField, to: VfsPathField, options: optionsOf(VfsWriteOptions) });
/**
 * {root, pattern, options}: search. `pattern` is a name pattern where `*`
 * stands for any run of characters and `?` for one ('*.txt', '*report*');
 * a pattern without a wildcard matches names containing it.
 */
export const VfsSearchBody = z.object({
  root: VfsPathField,
  pattern: z.string().check(z.minLength(1), z.maxLength(VFS_PATTERN_MAX_LENGTH), z.refine((value) => !hasUnstorableText(value), 'must not contain NUL characters or unpaired surrogates')),
  options: optionsOf(VfsSearchOptions),
});

export const VfsBodies = {
  readdir: VfsPathBody(VfsReaddirOptions),
  readfile: VfsPathBody(VfsReadfileOptions),
  writefile: VfsPathBody(VfsWriteOptions),
  exists: VfsPathBody(VfsNoOptions),
  stat: VfsPathBody(VfsNoOptions),
  mkdir: VfsPathBody(VfsNoOptions),
  unlink: VfsPathBody(VfsNoOptions),
  touch: VfsPathBody(VfsNoOptions),
  copy: VfsFromToBody,
  rename: VfsFromToBody,
  search: VfsSearchBody,
} as const satisfies Record<VfsOperation, z.core.$ZodType>;

