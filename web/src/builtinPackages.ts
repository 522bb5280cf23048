/**
 * The packages the web build carries (apps/* and themes/* of the repository),
 * for the desktop's PackageManager: package name → a dynamic import of its
 * entry module. Only the names are in the page's own bundle; every package
 * is a chunk of its own (named after it, see vite.config.ts), fetched when
 * the desktop first needs it. The server serves the same metadata.json files
 * in the manifest (builtin: true).
 */
import type { BuiltinLoaders } from '@atrium/client-core';

/** Each package's metadata name, by the package folder ('../../apps/preferences'). */
const names = import.meta.glob<string>(['../../apps/*/metadata.json', '../../themes/*/metadata.json'], { eager: true, import: 'name' });
/** Each package's entry module, by the package folder. */
const entries = import.meta.glob<{ default?: unknown }>(['../../apps/*/src/index.ts', '../../apps/*/src/index.tsx', '../../themes/*/src/index.ts', '../../themes/*/src/index.tsx']);

/** The package folder of a metadata.json or an entry module's path. */
function folderOf(path: string): string {
  return path.replace(/\/(metadata\.json|src\/index\.tsx?)$/, '');
}

/** Package name → loader of its entry module, for every package that has both a metadata.json and an entry. */
export function builtinLoaders(): BuiltinLoaders {
  const byFolder = new Map(Object.entries(entries).map(([path, load]) => [folderOf(path), load]));
  const loaders: Record<string, () => Promise<{ default?: unknown }>> = {};
  for (const [path, name] of Object.entries(names)) {
    const load = byFolder.get(folderOf(path));
    if (load) loaders[name] = load;
  }
  return loaders;
}
