import { describe, expect, it } from 'vitest';
import { translateEnglish } from '../testing/translate.js';
import { launchErrorHint, newErrorId, PackageError, shortReason } from './PackageError.js';

describe('PackageError', () => {
  it('carries the exact texts of the launch errors', () => {
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

describe('launchErrorHint', () => {
  it("hints 'upgrade' for ReactDOM.render, 'restart' for 'failed', else nothing", () => {
    expect(launchErrorHint('ReactDOM.render is no longer supported')).toBe('upgrade');
    expect(launchErrorHint("Package Loading 'X' failed: 404")).toBe('restart');
    expect(launchErrorHint('Failed to fetch')).toBe('restart');
    expect(launchErrorHint("Package Runtime 'X' not found")).toBeNull();
  });
});

describe('shortReason', () => {
  it("keeps a reason's first line without the addresses a browser puts in it", () => {
    expect(shortReason('Failed to fetch dynamically imported module: https://atrium.example/packages/123.sig/Notes/main.js')).toBe('Failed to fetch dynamically imported module');
    expect(shortReason('The style sheet /p/a.css could not be loaded')).toBe('The style sheet /p/a.css could not be loaded');
    expect(shortReason('offline\n    at load (a.js:1)')).toBe('offline');
  });

  it('cuts a long reason with an ellipsis, and keeps a reason that is only an address', () => {
    expect(shortReason('x'.repeat(300))).toHaveLength(120);
    expect(shortReason('x'.repeat(300)).endsWith('…')).toBe(true);
    expect(shortReason('http://a.example/x')).toBe('http://a.example/x');
  });

  it('is what the translated sentence carries, the message keeping the whole reason', () => {
    const error = new PackageError('loading', 'Notes', { reason: 'Failed to fetch: https://a.example/main.js' });
    expect(error.message).toBe("Package Loading 'Notes' failed: Failed to fetch: https://a.example/main.js");
    expect(error.translated(translateEnglish)).toBe("Package Loading 'Notes' failed: Failed to fetch");
  });
});

describe('newErrorId', () => {
  it('is two groups of four letters and digits, without look-alikes (0, O, 1, I, L)', () => {
    for (let i = 0; i < 50; i++) expect(newErrorId()).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });

  it('comes from the random bytes it is given', () => {
    expect(newErrorId((bytes) => bytes.fill(0))).toBe('2222-2222');
    expect(newErrorId((bytes) => bytes.map((_, i) => i))).toBe('2345-6789');
  });
});
