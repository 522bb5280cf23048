import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { likePattern } from '../../src/vfs/VfsService.js';
import { contentDisposition } from '../../src/vfs/download.js';

describe('VFS settings', () => {
  it('has the built-in mountpoints, 10 GiB of space and a 4 GiB upload limit by default', () => {
    const { vfs } = loadConfig({});
    expect(vfs.mounts.map((m) => [m.name, m.scope, m.readOnly, m.visibility])).toEqual([
      ['home', 'user', false, 'global'],
      ['shared', 'organisation', false, 'global'],
      ['documents', 'organisation', true, 'restricted'],
      ['records', 'organisation', true, 'restricted'],
    ]);
    expect(vfs.quota).toBe(10 * 1024 ** 3);
    expect(vfs.uploadLimit).toBe(4 * 1024 ** 3);
  });

  it('changes built-in mountpoints and adds new ones from VFS_MOUNTS', () => {
    const { vfs } = loadConfig({ VFS_MOUNTS: '[{"name":"documents","enabled":false},{"name":"archive","label":"Archive","scope":"global","readOnly":true}]' });
    expect(vfs.mounts.find((m) => m.name === 'documents')).toMatchObject({ enabled: false, readOnly: true });
    // Records' files stay read-only to users.
    expect(loadConfig({ VFS_MOUNTS: '[{"name":"records","readOnly":false}]' }).vfs.mounts.find((m) => m.name === 'records')?.readOnly).toBe(true);
    expect(vfs.mounts.find((m) => m.name === 'archive')).toEqual({ name: 'archive', label: 'Archive', scope: 'global', readOnly: true, searchable: true, visibility: 'global', enabled: true });
  });

  it('names VFS_MOUNTS when it is not valid', () => {
    for (const bad of ['{', '[{"name":"a b"}]', '[{"name":"new"}]', '[{"name":"x","label":"X","scope":"planet"}]', '[{"name":"x","colour":"red"}]']) {
      expect(() => loadConfig({ VFS_MOUNTS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ VFS_MOUNTS: bad })).toThrow(/VFS_MOUNTS/);
    }
    expect(() => loadConfig({ VFS_QUOTA: '-1' })).toThrow(/VFS_QUOTA/);
    expect(() => loadConfig({ VFS_UPLOAD_LIMIT: 'lots' })).toThrow(/VFS_UPLOAD_LIMIT/);
  });
});

describe('search patterns', () => {
  it('turns * and ? into LIKE wildcards, escapes LIKE characters and matches contained text without wildcards', () => {
    expect(likePattern('*.TXT')).toBe('%.txt');
    expect(likePattern('a?c')).toBe('a_c');
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('a_b\\c')).toBe('%a\\_b\\\\c%');
  });
});

describe('attachment names', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('plain.txt')).toBe(`attachment; filename="plain.txt"; filename*=UTF-8''plain.txt`);
    expect(contentDisposition('日本.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`);
    expect(contentDisposition("it's (1).txt")).toBe(`attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`);
  });
});
