import type { NewVfsNode, NodeContent, VfsNodeRecord, VfsSearchQuery, VfsStore } from './VfsStore.js';

const MAX_ENTRIES = 10_000;

/**
 * The filesystem's store with its walked paths remembered (docs/ARCHITECTURE.md,
 * "Remembered paths"): a path walked once answers from memory until any
 * entry changes, so reading the same file again costs no statement. Any
 * write of an entry through this store, or through a transaction it
 * started, forgets every walk, before and after it runs; a walk read while
 * a write ran is used once and not remembered. Used on the embedded
 * database only, where this process is the only writer (the data folder's
 * lock); on PostgreSQL other processes write too.
 */
export class RememberedPaths implements VfsStore {
  private readonly walks = new Map<string, VfsNodeRecord[]>();
  private generation = 0;

  constructor(protected readonly inner: VfsStore) {}

  async walk(mount: string, scope: string, names: readonly string[]): Promise<VfsNodeRecord[]> {
    const key = JSON.stringify([mount, scope, names]);
    const remembered = this.walks.get(key);
    if (remembered) return remembered.map((node) => ({ ...node }));
    const generation = this.generation;
    const chain = await this.inner.walk(mount, scope, names);
    if (generation === this.generation) {
      if (this.walks.size >= MAX_ENTRIES) this.walks.delete(this.walks.keys().next().value!);
      this.walks.set(key, chain.map((node) => ({ ...node })));
    }
    return chain;
  }

  /** Nothing walked may be used again. */
  forget(): void {
    this.generation++;
    this.walks.clear();
  }

  /** Runs a write, forgetting every walk before and after it. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.forget();
    try {
      return await write();
    } finally {
      this.forget();
    }
  }

  root(mount: string, scope: string): Promise<VfsNodeRecord> {
    return this.writing(() => this.inner.root(mount, scope));
  }

  insert(node: NewVfsNode, content?: NodeContent): Promise<VfsNodeRecord> {
    return this.writing(() => this.inner.insert(node, content));
  }

  insertFile(...args: Parameters<VfsStore['insertFile']>): ReturnType<VfsStore['insertFile']> {
    return this.writing(() => this.inner.insertFile(...args));
  }

  replaceFile(...args: Parameters<VfsStore['replaceFile']>): ReturnType<VfsStore['replaceFile']> {
    return this.writing(() => this.inner.replaceFile(...args));
  }

  insertOrTouch(node: NewVfsNode): Promise<VfsNodeRecord> {
    return this.writing(() => this.inner.insertOrTouch(node));
  }

  insertMany(nodes: NewVfsNode[]): Promise<void> {
    return this.writing(() => this.inner.insertMany(nodes));
  }

  update(...args: Parameters<VfsStore['update']>): Promise<VfsNodeRecord> {
    return this.writing(() => this.inner.update(...args));
  }

  move(...args: Parameters<VfsStore['move']>): Promise<VfsNodeRecord> {
    return this.writing(() => this.inner.move(...args));
  }

  remove(id: string): Promise<void> {
    return this.writing(() => this.inner.remove(id));
  }

  /** A transaction's writes forget as this store's do; its reads are not remembered (they may not be committed). */
  transaction<T>(work: (store: VfsStore) => Promise<T>): Promise<T> {
    return this.writing(() => this.inner.transaction((tx) => work(new ForgettingStore(tx, () => this.forget()))));
  }

  // ---- Reads and writes that change no entry: as the store does them ----

  findById(id: string): Promise<VfsNodeRecord | null> {
    return this.inner.findById(id);
  }

  child(parentId: string, name: string): Promise<VfsNodeRecord | null> {
    return this.inner.child(parentId, name);
  }

  children(parentId: string, limit: number): Promise<VfsNodeRecord[]> {
    return this.inner.children(parentId, limit);
  }

  subtree(id: string): Promise<VfsNodeRecord[]> {
    return this.inner.subtree(id);
  }

  setContent(id: string, content: NodeContent | null): Promise<void> {
    return this.inner.setContent(id, content);
  }

  copyContents(...args: Parameters<VfsStore['copyContents']>): Promise<void> {
    return this.inner.copyContents(...args);
  }

  unindexedFiles(afterId: string | null, maxBytes: number, limit: number): Promise<VfsNodeRecord[]> {
    return this.inner.unindexedFiles(afterId, maxBytes, limit);
  }

  addUsage(userId: string, delta: number): Promise<number> {
    return this.inner.addUsage(userId, delta);
  }

  usage(userId: string): Promise<number> {
    return this.inner.usage(userId);
  }

  search(query: VfsSearchQuery): Promise<VfsNodeRecord[]> {
    return this.inner.search(query);
  }

  analyze(): Promise<void> {
    return this.inner.analyze();
  }

  pathsOf(ids: string[]): Promise<Map<string, string>> {
    return this.inner.pathsOf(ids);
  }

  referencedBlobKeys(keys: string[]): Promise<Set<string>> {
    return this.inner.referencedBlobKeys(keys);
  }
}

/** A transaction's store: every call passes through, and each write also forgets the remembered walks. */
class ForgettingStore extends RememberedPaths {
  constructor(
    inner: VfsStore,
    private readonly forgetOuter: () => void,
  ) {
    super(inner);
  }

  override forget(): void {
    super.forget();
    this.forgetOuter();
  }

  override walk(mount: string, scope: string, names: readonly string[]): Promise<VfsNodeRecord[]> {
    return this.inner.walk(mount, scope, names);
  }
}
