import type { NewVfsNode, NodeContent, VfsNodeRecord, VfsSearchQuery, VfsStore } from './VfsStore.js';

const MAX_ENTRIES = 10_000;

/**
 * The filesystem's store with its walked paths and each owner's used space
 * remembered (docs/ARCHITECTURE.md, "Remembered answers of the busiest
 * calls"): a path walked once answers from memory, so reading or writing
 * the same file again walks nothing. A new file or a file's new content
 * (writefile, touch) changes only what it wrote: a walk that stopped just
 * short of the new name ends with it, the other walks that stopped short
 * are forgotten, the walks holding the file hold its new record, and its
 * owner's used space grows by what the statement added. Any other write of
 * an entry through this store, or through a transaction it started,
 * forgets every walk and used space, before and after it runs. A walk or a
 * used space read while a write ran is used once and not remembered. Used
 * on the embedded database only, where this process is the only writer
 * (the data folder's lock); on PostgreSQL other processes write too.
 */
export class RememberedPaths implements VfsStore {
  private readonly walks = new Map<string, { names: readonly string[]; chain: VfsNodeRecord[] }>();
  /** Walks that stopped before their last name (it was missing, or a file stood in the way): a new entry may complete them. */
  private readonly short = new Set<string>();
  /** The walks holding each entry, by its id. */
  private readonly holders = new Map<string, Set<string>>();
  private generation = 0;
  /** Each owner's used bytes, as recorded, and the count of changes of used space (a read spanning one is not remembered). */
  private readonly used = new Map<string, number>();
  private usageGeneration = 0;

  constructor(protected readonly inner: VfsStore) {}

  async walk(mount: string, scope: string, names: readonly string[]): Promise<VfsNodeRecord[]> {
    const key = JSON.stringify([mount, scope, names]);
    const remembered = this.walks.get(key);
    if (remembered) return remembered.chain.map((node) => ({ ...node }));
    const generation = this.generation;
    const chain = await this.inner.walk(mount, scope, names);
    if (generation === this.generation) this.remember(key, [...names], chain);
    return chain;
  }

  private remember(key: string, names: readonly string[], chain: readonly VfsNodeRecord[]): void {
    if (this.walks.size >= MAX_ENTRIES) this.evict(this.walks.keys().next().value!);
    this.walks.set(key, { names, chain: chain.map((node) => ({ ...node })) });
    if (chain.length < names.length + 1) this.short.add(key);
    for (const node of chain) this.hold(node.id, key);
  }

  private hold(id: string, key: string): void {
    const holders = this.holders.get(id) ?? new Set<string>();
    this.holders.set(id, holders);
    holders.add(key);
  }

  private evict(key: string): void {
    const chain = this.walks.get(key)?.chain;
    if (!chain) return;
    this.walks.delete(key);
    this.short.delete(key);
    for (const node of chain) {
      const holders = this.holders.get(node.id);
      holders?.delete(key);
      if (holders?.size === 0) this.holders.delete(node.id);
    }
  }

  /** Nothing walked, and no used space, may be used again. */
  forget(): void {
    this.generation++;
    this.walks.clear();
    this.short.clear();
    this.holders.clear();
    this.usageGeneration++;
    this.used.clear();
  }

  /** An owner's used space changed by `delta` in a statement that has run: the remembered figure follows. */
  protected usageAdded(owner: string | null, delta: number): void {
    this.usageGeneration++;
    if (!owner) return;
    const known = this.used.get(owner);
    if (known !== undefined) this.used.set(owner, known + delta);
  }

  /**
   * After a new entry, or new content of a file (`node` as recorded now):
   * a walk that stopped just short of it ends with it now, the other walks
   * that stopped short are forgotten, and those holding the entry hold its
   * new record. A walk under way meanwhile is not remembered.
   */
  protected entryWritten(node: VfsNodeRecord): void {
    this.generation++;
    for (const key of [...this.short]) {
      const { names, chain } = this.walks.get(key)!;
      const last = chain.at(-1);
      if (last?.isDirectory && last.id === node.parentId && chain.length === names.length && names.at(-1) === node.name) {
        chain.push({ ...node });
        this.short.delete(key);
        this.hold(node.id, key);
      } else this.evict(key);
    }
    for (const key of this.holders.get(node.id) ?? []) {
      const chain = this.walks.get(key)!.chain;
      const at = chain.findIndex((held) => held.id === node.id);
      // A file is the last of its walks and takes its new record; a folder touched by name changed its time: walks through it go.
      if (at === chain.length - 1 && !node.isDirectory) chain[at] = { ...node };
      else this.evict(key);
    }
  }

  /**
   * Runs a write of one entry (a new one, or a file's content) that adds
   * `usage.delta` to `usage.owner`'s used space when it is recorded: see
   * entryWritten. Refused for the quota, it changed nothing; anything else
   * than a record forgets every walk and used space.
   */
  private async writingEntry<T extends VfsNodeRecord | 'stale' | 'quota'>(usage: { owner: string | null; delta: number }, write: () => Promise<T>): Promise<T> {
    this.generation++;
    this.usageGeneration++;
    let result: T | undefined;
    try {
      result = await write();
      return result;
    } finally {
      if (typeof result === 'object') {
        this.usageAdded(usage.owner, usage.delta);
        this.entryWritten(result);
      } else if (result !== 'quota') this.forget();
    }
  }

  /** Runs a write, forgetting every walk and used space before and after it. */
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
    const [node, , usage] = args;
    return this.writingEntry({ owner: usage.owner, delta: node.size }, () => this.inner.insertFile(...args));
  }

  replaceFile(...args: Parameters<VfsStore['replaceFile']>): ReturnType<VfsStore['replaceFile']> {
    const [expected, , , usage] = args;
    return this.writingEntry({ owner: expected.ownerId, delta: usage.delta }, () => this.inner.replaceFile(...args));
  }

  insertOrTouch(node: NewVfsNode): Promise<VfsNodeRecord> {
    // An empty file (or a touched one): no used space changes.
    return this.writingEntry({ owner: null, delta: 0 }, () => this.inner.insertOrTouch(node));
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

  /** A change of used space outside the writes above (moves between owners, seeding): the owner's figure is read again. */
  async addUsage(userId: string, delta: number): Promise<number> {
    this.usageForgotten(userId);
    try {
      return await this.inner.addUsage(userId, delta);
    } finally {
      this.usageForgotten(userId);
    }
  }

  protected usageForgotten(userId: string): void {
    this.usageGeneration++;
    this.used.delete(userId);
  }

  async usage(userId: string): Promise<number> {
    const known = this.used.get(userId);
    if (known !== undefined) return known;
    const generation = this.usageGeneration;
    const bytes = await this.inner.usage(userId);
    if (generation === this.usageGeneration) {
      if (this.used.size >= MAX_ENTRIES) this.used.delete(this.used.keys().next().value!);
      this.used.set(userId, bytes);
    }
    return bytes;
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

  blobHashes(keys: string[]): Promise<Map<string, string>> {
    return this.inner.blobHashes(keys);
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

  /** In a transaction every write forgets every walk and used space, the outer store's too (it may be rolled back). */
  protected override entryWritten(): void {
    this.forget();
  }

  protected override usageAdded(): void {
    this.forget();
  }

  protected override usageForgotten(): void {
    this.forget();
  }

  override usage(userId: string): Promise<number> {
    return this.inner.usage(userId);
  }

  override walk(mount: string, scope: string, names: readonly string[]): Promise<VfsNodeRecord[]> {
    return this.inner.walk(mount, scope, names);
  }
}
