import type { Mountpoint } from '@atrium/sdk';
import { basenameVfsPath, isVfsPath, parentVfsPath, parseVfsPath } from '@atrium/shared';

/** 'home:/a/' and 'home:/a' name the same folder: the form without the trailing slash (a root keeps its '/'). */
export function normalisePath(path: string): string {
  return path.replace(/(:\/.*?)\/+$/, '$1').replace(/:$/, ':/');
}

export function samePath(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && normalisePath(a) === normalisePath(b);
}

/** Whether a path is its mountpoint's top folder. */
export function isRoot(path: string): boolean {
  return parseVfsPath(path).path.replace(/\/+$/, '') === '';
}

/** Whether `path` is `folder` or inside it. */
export function isWithin(path: string, folder: string): boolean {
  const p = normalisePath(path);
  const f = normalisePath(folder);
  return p === f || p.startsWith(f.endsWith('/') ? f : `${f}/`);
}

/** The mountpoint a path is on. */
export function mountpointOf(mountpoints: readonly Mountpoint[], path: string | null): Mountpoint | null {
  if (path === null || !isVfsPath(path)) return null;
  const { mount } = parseVfsPath(path);
  return mountpoints.find((m) => m.name === mount) ?? null;
}

/**
 * The mountpoints the side bar offers: every enabled one. Files is where
 * the user reads the organisation's documents, so it shows the read-only,
 * restricted mountpoints that the file chooser leaves out
 * (docs/behaviour/files.md#mountpoints).
 */
export function visibleMountpoints(mountpoints: readonly Mountpoint[]): Mountpoint[] {
  return mountpoints.filter((m) => m.enabled);
}

/** One segment of the breadcrumb: its name (the mountpoint's label for the root) and the folder it leads to. */
export interface Crumb {
  label: string;
  path: string;
}

/** The breadcrumb of a folder: the mountpoint's root, then each folder down to it. */
export function crumbsOf(path: string, mountpoint: Mountpoint | null): Crumb[] {
  const crumbs: Crumb[] = [];
  for (let at = normalisePath(path); ; at = parentVfsPath(at)) {
    crumbs.unshift({ label: isRoot(at) ? (mountpoint?.label ?? parseVfsPath(at).mount) : basenameVfsPath(at), path: at });
    if (isRoot(at)) break;
  }
  return crumbs;
}
