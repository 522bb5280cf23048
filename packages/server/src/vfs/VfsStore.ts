/** An entry of the virtual filesystem as stored (table vfs_nodes). */
export interface VfsNodeRecord {
  id: string;
  mount: string;
  scope: string;
  /** null for the root of a mount instance. */
  parentId: string | null;
  name: string;
  isDirectory: boolean;
  mime: string;
  size: number;
  blobKey: string | null;
  sha256: string | null;
  ownerId: string | null;
  accountId: string | null;
  createdAt: Date;
  modifiedAt: Date;
}

export type NewVfsNode = Omit<VfsNodeRecord, 'createdAt' | 'modifiedAt'> & { createdAt?: Date; modifiedAt?: Date };

/** What a search looks through: one mount instance, optionally only below one directory. */
export interface VfsSearchQuery {
  mount: string;
  scope: string;
  /** Only entries below this directory (null: the whole instance). */
  underId: string | null;
  /** A LIKE pattern over the lower-case name, already escaped ('\' escapes). */
  like: string;
  limit: number;
}

/**
 * What global search keeps of a text-like file's content
 * (docs/behaviour/search.md#files): its distinct words and its opening text.
 */
export interface NodeContent {
  /** Distinct words separated by spaces (contentText.ts). */
  words: string;
  snippetText: string;
}

/** The filesystem's metadata (docs/behaviour/files.md#storage); all SQL of the domain. */
export interface VfsStore {
  /** The root directory of a mount instance, created on first use. */
  root(mount: string, scope: string): Promise<VfsNodeRecord>;
  findById(id: string): Promise<VfsNodeRecord | null>;
  /**
   * A path walked in one query: the root of the mount instance, then the
   * entry of each name in turn, stopping at the first name that does not
   * exist or after an entry that is not a directory. Empty when the root
   * has not been created yet.
   */
  walk(mount: string, scope: string, names: readonly string[]): Promise<VfsNodeRecord[]>;
  child(parentId: string, name: string): Promise<VfsNodeRecord | null>;
  /** A directory's entries, directories first then by name, at most `limit`. */
  children(parentId: string, limit: number): Promise<VfsNodeRecord[]>;
  /** A node and everything below it, parents before their children. */
  subtree(id: string): Promise<VfsNodeRecord[]>;
  /** Inserts a node; with `content`, what search knows of its text too, in the same statement. */
  insert(node: NewVfsNode, content?: NodeContent): Promise<VfsNodeRecord>;
  /**
   * Records a new file in one statement: its node, what search knows of its
   * text, and its size added to its owner's used space (`usage.owner`; none
   * for an operator's file). 'quota' when that would pass `usage.quota`:
   * then nothing is written. A name taken meanwhile fails on the unique index.
   */
  insertFile(node: NewVfsNode & { createdAt: Date; modifiedAt: Date }, content: NodeContent | null, usage: { owner: string | null; quota: number }): Promise<VfsNodeRecord | 'quota'>;
  /**
   * Replaces a file's content in one statement when the entry is still as
   * it was resolved (same parent, name, content and owner): its node, what
   * search knows of its text (null forgets it) and `usage.delta` on the
   * owner's used space. 'stale' when it changed meanwhile, 'quota' when the
   * owner's space would pass the quota; nothing is written then.
   */
  replaceFile(
    expected: { id: string; parentId: string; name: string; blobKey: string | null; ownerId: string | null },
    patch: { size: number; blobKey: string | null; sha256: string; mime: string; modifiedAt: Date },
    content: NodeContent | null,
    usage: { delta: number; quota: number },
  ): Promise<VfsNodeRecord | 'stale' | 'quota'>;
  /** Inserts a node, or when its parent already holds that name, sets that entry's modification time instead. */
  insertOrTouch(node: NewVfsNode): Promise<VfsNodeRecord>;
  insertMany(nodes: NewVfsNode[]): Promise<void>;
  /**
   * Changes a node. `content` (in the same statement): what search knows of
   * its new text, or null to forget it; left alone when not given.
   */
  update(id: string, patch: Partial<Omit<VfsNodeRecord, 'id' | 'createdAt'>>, content?: NodeContent | null): Promise<VfsNodeRecord>;
  /** Records what search knows of a file's text, or with null forgets it. */
  setContent(id: string, content: NodeContent | null): Promise<void>;
  /** Gives copies (all in the mount instance `instance`) what search knows of their originals' text. */
  copyContents(pairs: ReadonlyArray<{ from: string; to: string }>, instance: { mount: string; scope: string }): Promise<void>;
  /**
   * Files of at most `maxBytes` that may have text (text/*, JSON, XML,
   * JavaScript types) and have no content record, in id order after
   * `afterId`: the start-up pass that indexes files written before search
   * indexed contents.
   */
  unindexedFiles(afterId: string | null, maxBytes: number, limit: number): Promise<VfsNodeRecord[]>;
  /** Moves a node under another parent with a new name; it and its subtree take the new mount instance. */
  move(id: string, to: { parentId: string; name: string; mount: string; scope: string; modifiedAt: Date }): Promise<VfsNodeRecord>;
  /** Deletes a node and its subtree. */
  remove(id: string): Promise<void>;
  /** Adds to a user's used bytes and returns the new total. */
  addUsage(userId: string, delta: number): Promise<number>;
  usage(userId: string): Promise<number>;
  /** Entries of the instance whose lower-case name matches, the first `limit` by name (then id). */
  search(query: VfsSearchQuery): Promise<VfsNodeRecord[]>;
  /** Renews the database's statistics of the entries (also done by the store itself after many inserts). */
  analyze(): Promise<void>;
  /** The path inside its mount ('/a/b') of each node, by id. */
  pathsOf(ids: string[]): Promise<Map<string, string>>;
  /** Which of the keys some entry refers to. */
  referencedBlobKeys(keys: string[]): Promise<Set<string>>;
  /** The SHA-256 recorded for each of these blob keys that an entry refers to. */
  blobHashes(keys: string[]): Promise<Map<string, string>>;
  /** Runs `work` in one transaction (blobs are not part of it). */
  transaction<T>(work: (store: VfsStore) => Promise<T>): Promise<T>;
}
