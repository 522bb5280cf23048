/** Package fixtures: built-in folders for the test server, and a scratch PACKAGES_DIR. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** BUILTIN_PACKAGES_DIRS of the test server: Preferences, CRM (applications) and Vision (a theme). */
export const BUILTIN_FIXTURE_DIRS = [path.join(fixtures, 'builtin/apps'), path.join(fixtures, 'builtin/themes')];

/** A folder with an invalid built-in metadata.json. */
export const BAD_BUILTIN_FIXTURE_DIR = path.join(fixtures, 'builtin-bad/apps');

/** A fresh copy of the registered-package fixtures, to be used as PACKAGES_DIR and changed freely. */
export function scratchPackagesDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-packages-'));
  fs.cpSync(path.join(fixtures, 'packages'), dir, { recursive: true });
  return dir;
}
