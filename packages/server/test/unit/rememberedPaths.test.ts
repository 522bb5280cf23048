import { describe, expect, it } from 'vitest';
import { RememberedPaths } from '../../src/vfs/RememberedPaths.js';
import type { VfsNodeRecord, VfsStore } from '../../src/vfs/VfsStore.js';

const node = (name: string): VfsNodeRecord => ({ id: `id-${name}`, name, isDirectory: name === '', size: 1 }) as VfsNodeRecord;

/** A store whose walks are counted and answer the names as nodes; its writes are recorded. */
function setup() {
  let walks = 0;
  let hold: Promise<void> | null = null;
  const inner = {
    async walk(_mount: string, _scope: string, names: readonly string[]) {
      walks++;
      if (hold) await hold;
      return [node(''), ...names.map(node)];
    },
    async remove() {},
    async setContent() {},
    async transaction<T>(work: (store: VfsStore) => Promise<T>) {
      return work(inner as unknown as VfsStore);
    },
  };
  const store = new RememberedPaths(inner as unknown as VfsStore);
  return {
    store,
    walks: () => walks,
    holdWalks: () => {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => ((hold = null), release());
    },
  };
}

describe('remembered paths', () => {
  it('walk a path once until an entry changes', async () => {
    const s = setup();
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    expect((await s.store.walk('home', 'u-1', ['a', 'b.txt'])).map((n) => n.name)).toEqual(['', 'a', 'b.txt']);
    expect(s.walks()).toBe(1);
    // Another instance of the mount (another user's home) is another path.
    await s.store.walk('home', 'u-2', ['a', 'b.txt']);
    expect(s.walks()).toBe(2);
    await s.store.remove('id-a');
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    expect(s.walks()).toBe(3);
  });

  it('are forgotten by a write inside a transaction, and not by a change of search contents', async () => {
    const s = setup();
    await s.store.walk('home', 'u-1', ['a']);
    await s.store.setContent('id-a', null);
    await s.store.walk('home', 'u-1', ['a']);
    expect(s.walks()).toBe(1);
    await s.store.transaction(async (tx) => {
      await tx.walk('home', 'u-1', ['a']);
      await tx.remove('id-a');
    });
    expect(s.walks()).toBe(2);
    await s.store.walk('home', 'u-1', ['a']);
    expect(s.walks()).toBe(3);
  });

  it('read while an entry changes are used once, not remembered', async () => {
    const s = setup();
    const release = s.holdWalks();
    const pending = s.store.walk('home', 'u-1', ['a']);
    await s.store.remove('id-a');
    release();
    await pending;
    await s.store.walk('home', 'u-1', ['a']);
    expect(s.walks()).toBe(2);
  });

  it('hand out copies: a caller changing a node changes nothing remembered', async () => {
    const s = setup();
    const first = await s.store.walk('home', 'u-1', ['a']);
    first[1]!.size = 99;
    expect((await s.store.walk('home', 'u-1', ['a']))[1]!.size).toBe(1);
    const again = await s.store.walk('home', 'u-1', ['a']);
    again[1]!.size = 42;
    expect((await s.store.walk('home', 'u-1', ['a']))[1]!.size).toBe(1);
  });
});
