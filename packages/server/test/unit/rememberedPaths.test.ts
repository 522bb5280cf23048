import { describe, expect, it } from 'vitest';
import { RememberedPaths } from '../../src/vfs/RememberedPaths.js';
import type { VfsNodeRecord, VfsStore } from '../../src/vfs/VfsStore.js';

const node = (name: string): VfsNodeRecord => ({ id: `id-${name}`, name, isDirectory: !name.includes('.'), size: 1 }) as VfsNodeRecord;

/** A store whose walks are counted and answer the names as nodes; its writes are recorded. */
function setup() {
  let walks = 0;
  let hold: Promise<void> | null = null;
  const inner = {
    async walk(_mount: string, _scope: string, names: readonly string[]) {
      walks++;
      if (hold) await hold;
      // A name with "missing" in it is not there: the walk stops before it.
      const found = names.findIndex((name) => name.includes('missing'));
      return [node(''), ...(found < 0 ? names : names.slice(0, found)).map(node)];
    },
    written: null as VfsNodeRecord | 'stale' | 'quota' | null,
    async insertFile() {
      return inner.written;
    },
    async replaceFile() {
      return inner.written;
    },
    async insertOrTouch() {
      return inner.written;
    },
    usageReads: 0,
    bytes: 100,
    async usage() {
      inner.usageReads++;
      if (hold) await hold;
      return inner.bytes;
    },
    async addUsage(_owner: string, delta: number) {
      inner.bytes += delta;
      return inner.bytes;
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
    inner,
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

  it('take a new entry in: a walk that stopped just short of it ends with it, the others that stopped short are walked again', async () => {
    const s = setup();
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    expect(await s.store.walk('home', 'u-1', ['a', 'missing.txt'])).toHaveLength(2);
    expect(await s.store.walk('home', 'u-1', ['a', 'missing', 'c.txt'])).toHaveLength(2);
    s.inner.written = { ...node('missing.txt'), id: 'id-new', parentId: 'id-a', size: 0 };
    await s.store.insertFile({} as never, null, { owner: null, quota: 0 });
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    expect((await s.store.walk('home', 'u-1', ['a', 'missing.txt'])).map((n) => n.id)).toEqual(['id-', 'id-a', 'id-new']);
    expect(s.walks()).toBe(3);
    // The walk that stopped two names short was forgotten.
    await s.store.walk('home', 'u-1', ['a', 'missing', 'c.txt']);
    expect(s.walks()).toBe(4);
    // touch of a name in another folder: the walk stopped short there is walked again.
    await s.store.walk('home', 'u-1', ['missing']);
    s.inner.written = { ...node('other.txt'), id: 'id-other', parentId: 'id-a' };
    await s.store.insertOrTouch({} as never);
    await s.store.walk('home', 'u-1', ['missing']);
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    expect(s.walks()).toBe(6);
  });

  it("take a file's new content in without walking again", async () => {
    const s = setup();
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    await s.store.walk('home', 'u-2', ['b.txt']);
    s.inner.written = { ...node('b.txt'), size: 5 };
    await s.store.replaceFile({} as never, {} as never, null, { delta: 4, quota: 0 });
    expect((await s.store.walk('home', 'u-1', ['a', 'b.txt']))[2]!.size).toBe(5);
    expect((await s.store.walk('home', 'u-2', ['b.txt']))[1]!.size).toBe(5);
    expect(s.walks()).toBe(2);
    // A folder's record changed (touch of a folder's name): the walks through it are walked again.
    s.inner.written = { ...node('a'), isDirectory: true };
    await s.store.insertOrTouch({} as never);
    await s.store.walk('home', 'u-1', ['a', 'b.txt']);
    await s.store.walk('home', 'u-2', ['b.txt']);
    expect(s.walks()).toBe(3);
  });

  it('are all forgotten when a write of content finds the file changed, or runs in a transaction; kept when it is refused for the quota', async () => {
    const s = setup();
    await s.store.walk('home', 'u-1', ['a']);
    s.inner.written = 'quota';
    await s.store.replaceFile({} as never, {} as never, null, { delta: 4, quota: 0 });
    await s.store.walk('home', 'u-1', ['a']);
    expect(s.walks()).toBe(1);
    s.inner.written = 'stale';
    await s.store.replaceFile({} as never, {} as never, null, { delta: 4, quota: 0 });
    await s.store.walk('home', 'u-1', ['a']);
    expect(s.walks()).toBe(2);
    s.inner.written = { ...node('c.txt') };
    await s.store.transaction(async (tx) => {
      await tx.insertFile({} as never, null, { owner: null, quota: 0 });
      // Forgotten at once, before the transaction ends.
      await s.store.walk('home', 'u-1', ['a']);
    });
    expect(s.walks()).toBe(3);
  });

  it("remember an owner's used space, add what each recorded write added, and read it again after any other change", async () => {
    const s = setup();
    expect(await s.store.usage('u-1')).toBe(100);
    expect(await s.store.usage('u-1')).toBe(100);
    expect(s.inner.usageReads).toBe(1);
    s.inner.written = { ...node('new.txt'), parentId: 'id-a' };
    await s.store.insertFile({ size: 40 } as never, null, { owner: 'u-1', quota: 1000 });
    s.inner.written = node('b.txt');
    await s.store.replaceFile({ ownerId: 'u-1' } as never, {} as never, null, { delta: -15, quota: 1000 });
    expect(await s.store.usage('u-1')).toBe(125);
    // Refused for the quota: nothing was added.
    s.inner.written = 'quota';
    await s.store.insertFile({ size: 4000 } as never, null, { owner: 'u-1', quota: 1000 });
    expect(await s.store.usage('u-1')).toBe(125);
    expect(s.inner.usageReads).toBe(1);
    // A change of used space outside those writes, or any other write of an entry: read again.
    await s.store.addUsage('u-1', 7);
    expect(await s.store.usage('u-1')).toBe(107);
    await s.store.remove('id-a');
    await s.store.usage('u-1');
    expect(s.inner.usageReads).toBe(3);
  });

  it('do not remember a used space read while a write ran', async () => {
    const s = setup();
    const release = s.holdWalks();
    const reading = s.store.usage('u-1');
    s.inner.written = node('b.txt');
    const writing = s.store.replaceFile({ ownerId: 'u-1' } as never, {} as never, null, { delta: 5, quota: 1000 });
    release();
    await Promise.all([reading, writing]);
    await s.store.usage('u-1');
    expect(s.inner.usageReads).toBe(2);
  });
});
