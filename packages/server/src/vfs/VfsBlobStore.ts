import type { Readable } from 'node:stream';
import type { Log } from '../logger.js';

/** What a finished write stored: the key to read it back by, its length and its SHA-256 (hex). */
export interface StoredBlob {
  key: string;
  size: number;
  sha256: string;
}

/** An inclusive byte range, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored blob as a listing shows it: its key, length and when it was last written. */
export interface BlobListing {
  key: string;
  size: number;
  modified: Date;
}

/** The free and the whole size, in bytes, of the disk a blob store writes to. */
export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  free: number;
  size: number;
}

/** Thrown by `write` when the content grows past `maxBytes`; nothing is kept. */
export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`content larger than ${maxBytes} bytes`);
  }
}

/**
 * Where the virtual filesystem keeps file contents (docs/behaviour/files.md#storage):
 * a folder of the local disk (DiskBlobStore) or a bucket of object storage
 * (S3BlobStore). Narrow and streaming; keys are made by the store, never by
 * users. Every implementation passes the same contract tests
 * (test/unit/blobStores.test.ts).
 */
export interface VfsBlobStore {
  /**
   * Whether every server on the database uses this same store (a bucket):
   * then the work over all of it at start (the sweep, indexing the files'
   * text) is done by one server at a time, and what looks abandoned may be
   * another server's write in progress. A folder on this server's disk is
   * its own (false: its data folder is locked), and the server sweeps it
   * itself.
   */
  readonly shared: boolean;
  /**
   * Stores a stream durably under a new key: when the promise resolves the
   * content survives a crash. Fails (and keeps nothing) when the stream
   * fails or passes `maxBytes`. `progress` is told the bytes written so far
   * as they are.
   */
  write(source: Readable, options?: { maxBytes?: number; progress?: (bytes: number) => void }): Promise<StoredBlob>;
  /** The content (or the range of it) of a key; null when there is no such blob. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes a blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored blob with its length and time (the start-up sweep compares them with the database). */
  keys(): AsyncIterable<BlobListing>;
  /** The disk's free space, where the store writes to a local disk (null or absent elsewhere). */
  space?(): Promise<DiskSpace | null>;
  /**
   * Deletes what unfinished writes begun before `olderThan` left behind
   * (younger ones may be another server's writes in progress); returns how
   * many. What the store cannot do is logged, not thrown.
   */
  removeTemporaries(olderThan: Date, log: Log): Promise<number>;
}
