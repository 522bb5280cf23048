/**
 * The 'name:/path' form of filesystem paths (docs/behaviour/files.md#paths), shared by the client's file
 * chooser and the server's VFS, and the filesystem error texts (docs/behaviour/errors.md#files).
 *
 * A mountpoint name is letters, digits, '_' or '-'; the path after the colon
 * starts with '/'. Parsing never normalises, so `formatVfsPath(parseVfsPath(p))`
 * gives p back for every valid p.
 */
import { vfsErrorText } from './vfsErrors.js';

/** A path split at its mountpoint: 'home:/a/b' -> { mount: 'home', path: '/a/b' }. */
export interface VfsPath {
  mount: string;
  path: string;
}

const VFS_PATH = /^([A-Za-z0-9_-]+):(\/[\s\S]*)$/;

/** The filesystem error texts of paths and mountpoints, with their placeholder filled in. */
export const VfsMessages = {
  pathMismatch: (path: string) => vfsErrorText('pathMismatch', { path }),
  filesystemNotFound: (name: string) => vfsErrorText('filesystemNotFound', { name }),
  filesystemNotFoundFor: (path: string) => vfsErrorText('filesystemNotFoundFor', { path }),
  notMounted: (name: string) => vfsErrorText('notMounted', { name }),
  alreadyMounted: (name: string) => vfsErrorText('alreadyMounted', { name }),
} as const;

/** Whether a value has the 'name:/path' form. */
export function isVfsPath(value: unknown): value is string {
  return typeof value === 'string' && VFS_PATH.test(value);
}

/** Splits 'name:/path'; throws Error("Given path '<p>' does not match 'name:/path'") for anything else. */
export function parseVfsPath(value: string): VfsPath {
  const match = typeof value === 'string' ? VFS_PATH.exec(value) : null;
  if (!match) throw new Error(VfsMessages.pathMismatch(String(value)));
  return { mount: match[1] as string, path: match[2] as string };
}

/** The inverse of parseVfsPath. */
export function formatVfsPath({ mount, path }: VfsPath): string {
  return `${mount}:${path}`;
}

/**
 * Appends names to a directory path, one '/' between each: ('home:/', 'a', 'b.txt')
 * -> 'home:/a/b.txt'. Slashes around each name are dropped; empty names are skipped.
 */
export function joinVfsPath(base: string, ...names: string[]): string {
  const { mount, path } = parseVfsPath(base);
  const parts = [path.replace(/\/+$/, ''), ...names.map((n) => n.replace(/^\/+|\/+$/g, '')).filter((n) => n !== '')];
  const joined = parts.join('/');
  return formatVfsPath({ mount, path: joined === '' ? '/' : joined });
}

/** The directory holding a path: 'home:/a/b' -> 'home:/a', 'home:/a' -> 'home:/'; a root is its own parent. */
export function parentVfsPath(value: string): string {
  const { mount, path } = parseVfsPath(value);
  const trimmed = path.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  return formatVfsPath({ mount, path: at <= 0 ? '/' : trimmed.slice(0, at) });
}

/** The last name of a path: 'home:/a/b.txt' -> 'b.txt'; '' for a root. */
export function basenameVfsPath(value: string): string {
  const { path } = parseVfsPath(value);
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
