import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basenameVfsPath, formatVfsPath, isVfsPath, joinVfsPath, parentVfsPath, parseVfsPath, VfsMessages } from './path.js';

const mountName = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-') });
const rest = fc.string({ maxLength: 40, unit: 'grapheme' });
const segment = fc.string({ minLength: 1, maxLength: 10, unit: fc.constantFrom(...'abcdefghij.-_ 0123') });

describe('parseVfsPath', () => {
  it("round-trips any 'name:/...' path", () => {
    fc.assert(
      fc.property(mountName, rest, (mount, tail) => {
        const path = `${mount}:/${tail}`;
        const parsed = parseVfsPath(path);
        return parsed.mount === mount && parsed.path === `/${tail}` && formatVfsPath(parsed) === path && isVfsPath(path);
      }),
    );
  });

  it('throws the path-form text for anything without a name, a colon and a leading slash', () => {
    const malformed = fc.string({ maxLength: 40 }).filter((s) => !/^[A-Za-z0-9_-]+:\//.test(s));
    fc.assert(
      fc.property(malformed, (s) => {
        expect(() => parseVfsPath(s)).toThrow(new Error(`Given path '${s}' does not match 'name:/path'`));
        return !isVfsPath(s);
      }),
    );
  });

  it('rejects the near misses', () => {
    for (const s of ['home:a/b', ':/a', 'home/a', 'ho me:/a', 'home::/a', '/a/b', '']) {
      expect(() => parseVfsPath(s), s).toThrow(VfsMessages.pathMismatch(s));
    }
  });

  it('splits at the first colon only', () => {
    expect(parseVfsPath('home:/a:b/c')).toEqual({ mount: 'home', path: '/a:b/c' });
  });
});

describe('joinVfsPath', () => {
  it('puts one slash between the directory and each name', () => {
    expect(joinVfsPath('home:/', 'a', 'b.txt')).toBe('home:/a/b.txt');
    expect(joinVfsPath('home:/docs/', '/x/')).toBe('home:/docs/x');
    expect(joinVfsPath('home:/docs', '')).toBe('home:/docs');
    expect(joinVfsPath('home:/')).toBe('home:/');
  });

  it('gives a path whose parent is the directory and whose basename is the name', () => {
    fc.assert(
      fc.property(mountName, fc.array(segment, { maxLength: 4 }), segment, (mount, dirs, name) => {
        fc.pre(name.replace(/^\/+|\/+$/g, '') === name);
        const dir = joinVfsPath(`${mount}:/`, ...dirs);
        const file = joinVfsPath(dir, name);
        return parentVfsPath(file) === dir && basenameVfsPath(file) === name;
      }),
    );
  });

  it('throws the path-form text when the directory is not a path', () => {
    expect(() => joinVfsPath('nope', 'a')).toThrow("Given path 'nope' does not match 'name:/path'");
  });
});

describe('parentVfsPath', () => {
  it('drops the last name and keeps the root as its own parent', () => {
    expect(parentVfsPath('home:/a/b')).toBe('home:/a');
    expect(parentVfsPath('home:/a/b/')).toBe('home:/a');
    expect(parentVfsPath('home:/a')).toBe('home:/');
    expect(parentVfsPath('home:/')).toBe('home:/');
  });
});

describe('VfsMessages', () => {
  it('has the exact filesystem error texts', () => {
    expect(VfsMessages.filesystemNotFound('x')).toBe("Filesystem 'x' not found");
    expect(VfsMessages.filesystemNotFoundFor('x:/a')).toBe("Filesystem not found for 'x:/a'");
    expect(VfsMessages.notMounted('x')).toBe("Filesystem 'x' not mounted");
    expect(VfsMessages.alreadyMounted('x')).toBe("Filesystem 'x' already mounted");
  });
});
