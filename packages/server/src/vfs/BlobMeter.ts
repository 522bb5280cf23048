import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BlobTooLargeError } from './VfsBlobStore.js';

/**
 * Counts and hashes what passes on its way into a blob store, tells
 * `progress` the bytes so far, and fails past a byte limit.
 */
export class BlobMeter extends Transform {
  size = 0;
  private readonly hash = crypto.createHash('sha256');
  constructor(
    private readonly maxBytes: number,
    private readonly progress?: (bytes: number) => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new BlobTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    this.progress?.(this.size);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}
