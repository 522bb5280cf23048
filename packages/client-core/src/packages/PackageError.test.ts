import { describe, expect, it } from 'vitest';
import { translateEnglish } from '../testing/translate.js';
import { launchErrorHint, PackageError } from './PackageError.js';

describe('PackageError', () => {
  it('carries the exact §8 texts', () => {
    expect(new PackageError('metadata', 'X').message).toBe("Package Metadata 'X' not found");
    expect(new PackageError('loading', 'X', { reason: 'offline' }).message).toBe("Package Loading 'X' failed: offline");
    expect(new PackageError('runtime', 'X').message).toBe("Package Runtime 'X' not found");
    expect(new PackageError('manifest', 'X').message).toBe("Metadata not found for 'X'. Is it in the manifest?");
    expect(new PackageError('exception', 'X').message).toBe("An exception occured in 'X'");
    expect(new PackageError('access', 'X').message).toBe("You don't have access to X App");
  });

  it('is translated by the packages.error keys, the English catalogue giving the same texts', () => {
    for (const code of ['metadata', 'loading', 'runtime', 'manifest', 'exception', 'access'] as const) {
      const error = new PackageError(code, 'Notes', { reason: 'offline' });
      expect(error.translated(translateEnglish)).toBe(error.message);
    }
  });

  it('keeps its code, package and cause', () => {
    const cause = new Error('boom');
    const error = new PackageError('exception', 'Notes', { cause });
    expect(error).toMatchObject({ code: 'exception', packageName: 'Notes', cause, name: 'PackageError' });
  });
});

describe('launchErrorHint (§8)', () => {
  it("hints 'upgrade' for ReactDOM.render, 'restart' for 'failed', else nothing", () => {
    expect(launchErrorHint('ReactDOM.render is no longer supported')).toBe('upgrade');
    expect(launchErrorHint("Package Loading 'X' failed: 404")).toBe('restart');
    expect(launchErrorHint('Failed to fetch')).toBe('restart');
    expect(launchErrorHint("Package Runtime 'X' not found")).toBeNull();
  });
});
