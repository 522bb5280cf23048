/**
 * Files of a package folder: resolving a requested path without ever leaving
 * the folder (no '..', no hidden files, no symbolic link pointing outside),
 * and the content type a file is served with.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** A regular file inside a package folder. */
export interface PackageFile {
  /** Real (symbolic links resolved) absolute path. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** Longest relative path accepted. */
const MAX_RELATIVE_PATH = 1000;

/**
 * The regular file at a relative path ('css/main.css') inside a folder, or
 * null when the path is malformed, leaves the folder (also through a
 * symbolic link), names a hidden segment or is not a regular file.
 */
export async function resolvePackageFile(root: string, relative: string): Promise<PackageFile | null> {
  if (relative.length === 0 || relative.length > MAX_RELATIVE_PATH || relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))) return null;
  try {
    const realRoot = await fs.realpath(root);
    const real = await fs.realpath(path.join(realRoot, ...segments));
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    return stat.isFile() ? { path: real, size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type of a package file by its extension; unknown types are plain bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
