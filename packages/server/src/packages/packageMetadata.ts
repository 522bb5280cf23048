/**
 * Reading and checking the metadata.json of packages: the built-in packages
 * of the repository (read once at start; a bad one stops the server) and a
 * folder the operator registers (name = folder name, listed files present).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_NAME_PATTERN, PackageMetadataSchema, type PackageMetadata } from '@atrium/shared';
import { ConfigError } from '../config.js';
import { resolvePackageFile } from './packageFiles.js';

/** Name of the metadata file in every package folder. */
export const METADATA_FILE = 'metadata.json';

/** A package folder that cannot be registered; the message says why. */
export class PackageFolderError extends Error {
  override name = 'PackageFolderError';
}

/** Parses and validates one metadata file; the error text lists every problem. */
export function readMetadataFile(file: string): { ok: true; metadata: PackageMetadata } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return { ok: false, error: e instanceof SyntaxError ? `not valid JSON (${e.message})` : `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  const parsed = PackageMetadataSchema.safeParse(json);
  if (parsed.success) return { ok: true, metadata: parsed.data };
  return { ok: false, error: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ') };
}

/** Validates metadata already stored (registered packages); null when it no longer passes. */
export function parseStoredMetadata(json: unknown): PackageMetadata | null {
  const parsed = PackageMetadataSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The built-in packages: every sub-folder with a metadata.json of the given
 * folders, in folder then name order. Throws a ConfigError naming the file
 * of a bad metadata.json, a duplicate name, or a folder that does not exist.
 */
export function loadBuiltinPackages(dirs: readonly string[]): PackageMetadata[] {
  const found = new Map<string, { metadata: PackageMetadata; file: string }>();
  for (const dir of dirs) {
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
      throw new ConfigError(`Invalid configuration:\n  BUILTIN_PACKAGES_DIRS: ${dir} is not a folder`);
    }
    const folders = fs
      .readdirSync(dir)
      .filter((entry) => !entry.startsWith('.') && fs.statSync(path.join(dir, entry)).isDirectory())
      .sort();
    for (const folder of folders) {
      const file = path.join(dir, folder, METADATA_FILE);
      if (!fs.existsSync(file)) continue;
      const read = readMetadataFile(file);
      if (!read.ok) throw new ConfigError(`Invalid package metadata in ${file}: ${read.error}`);
      const twin = found.get(read.metadata.name);
      if (twin) throw new ConfigError(`Invalid package metadata in ${file}: the name '${read.metadata.name}' is already used by ${twin.file}`);
      found.set(read.metadata.name, { metadata: read.metadata, file });
    }
  }
  return [...found.values()].map((f) => f.metadata);
}

/**
 * Reads and checks the package in PACKAGES_DIR/<folder> for registration:
 * valid metadata, a name equal to the folder name, and every listed file
 * (and a file icon) present inside the folder.
 */
export async function readPackageFolder(packagesDir: string, folder: string): Promise<PackageMetadata> {
  if (!PACKAGE_NAME_PATTERN.test(folder)) {
    throw new PackageFolderError(`'${folder}' is not a package folder name: it must start with a letter and hold only letters, digits, _ and - (at most 64).`);
  }
  const root = path.join(packagesDir, folder);
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new PackageFolderError(`No package folder ${root}.`);
  const file = path.join(root, METADATA_FILE);
  if (!fs.existsSync(file)) throw new PackageFolderError(`No ${METADATA_FILE} in ${root}.`);
  const read = readMetadataFile(file);
  if (!read.ok) throw new PackageFolderError(`Invalid package metadata in ${file}: ${read.error}`);
  const { metadata } = read;
  if (metadata.name !== folder) {
    throw new PackageFolderError(`Invalid package metadata in ${file}: the name '${metadata.name}' must equal the folder name '${folder}'.`);
  }
  const listed = [...metadata.files, ...(metadata.icon?.includes('.') ? [metadata.icon] : [])];
  const missing: string[] = [];
  for (const name of listed) {
    if (!(await resolvePackageFile(root, name))) missing.push(name);
  }
  if (missing.length > 0) {
    throw new PackageFolderError(`Invalid package ${folder}: ${missing.map((m) => `'${m}'`).join(', ')} not found inside ${root}.`);
  }
  return metadata;
}
