import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config.js';
import type { Log } from '../logger.js';
import { BlobMeter } from './BlobMeter.js';
import type { BlobListing, ByteRange, StoredBlob, VfsBlobStore } from './VfsBlobStore.js';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MiB = 1024 * 1024;
/**
 * The size of a multipart upload's parts, and the content size below which
 * one PutObject stores it whole. S3 wants every part but the last to be at
 * least 5 MiB, at most 5 GiB, and at most 10,000 parts.
 */
export const PART_SIZE = 8 * MiB;
const MAX_PART_SIZE = 5 * 1024 * MiB;
/** Parts of each size before the size doubles: 10,000 parts reach beyond S3's largest object (5 TiB). */
const PARTS_PER_SIZE = 1000;
/** Keys per page of a listing: S3's own most. */
const PAGE = 1000;

/** The part size for the part after `parts` parts: 8 MiB, doubling every 1,000 parts, so memory grows only with what is stored. */
export function partSize(parts: number): number {
  return Math.min(MAX_PART_SIZE, PART_SIZE * 2 ** Math.floor(parts / PARTS_PER_SIZE));
}

/** A failed call to object storage: what failed and the service's own reason, never a credential or a signature. */
export class ObjectStorageError extends Error {
  override name = 'ObjectStorageError';
  constructor(
    readonly operation: string,
    readonly code: string,
    readonly status: number | undefined,
    message: string,
  ) {
    super(`Object storage: ${operation} failed: ${code}${status ? ` (HTTP ${status})` : ''}: ${message}`);
  }
}

interface SdkError {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function sdkCode(e: unknown): { code: string; status: number | undefined } {
  const err = (e ?? {}) as SdkError;
  return { code: err.Code ?? err.name ?? 'Error', status: err.$metadata?.httpStatusCode };
}

type Sdk = typeof S3Sdk;

/**
 * The SDK and a client for the configured bucket, loaded on first use: the
 * SDK takes a good fraction of a second to load, which a server on the
 * data folder never pays.
 */
export class S3Connection {
  private loaded?: Promise<{ sdk: Sdk; client: S3Client }>;
  constructor(readonly config: ObjectStorageConfig) {}
  use(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: createS3Client(sdk, this.config) }));
    return this.loaded;
  }
}

/** A client for one bucket: plain bodies (no streaming checksums, which several S3-compatible servers do not take) and room for many downloads at once. */
function createS3Client(sdk: Sdk, config: ObjectStorageConfig): S3Client {
  return new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // We hash every content ourselves (SHA-256); the SDK's default checksums are not understood everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its connection for as long as the client reads: the SDK's default of 50 would queue the 51st.
    // No time limit on a connection's silence (a slow client pauses its download's), only on connecting.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: new http.Agent({ keepAlive: true, maxSockets: 1000 }),
      httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 1000 }),
    },
  });
}

/**
 * Blobs as objects of an S3 bucket, under `<S3_PREFIX><area>/<key>` (the
 * area being `files` or `resources`), keys being server-made uuids. A content
 * smaller than PART_SIZE is stored by one PutObject; a larger one by a
 * multipart upload, one part in flight while the next is read, so memory
 * stays at a few parts. Either way the object appears whole or not at all: a
 * failed or interrupted write leaves at most an unfinished multipart
 * upload, invisible to reads and listings, which it aborts or
 * removeTemporaries (or a bucket lifecycle rule) does later. Several servers
 * share a bucket (docs/behaviour/files.md#storage).
 */
export class S3BlobStore implements VfsBlobStore {
  readonly shared = true;
  private readonly bucket: string;
  /** The key prefix of this store: S3_PREFIX and the area, ending with '/'. */
  readonly prefix: string;

  constructor(
    private readonly s3: S3Connection,
    area: string,
  ) {
    this.bucket = s3.config.bucket;
    this.prefix = `${s3.config.prefix}${area}/`;
  }

  private objectKey(key: string): string {
    if (!KEY.test(key)) throw new Error(`Invalid blob key '${key}'`);
    return this.prefix + key;
  }

  /** Runs an S3 call, turning its failure into an ObjectStorageError (the SDK's errors carry signatures and key ids). */
  private async call<T>(operation: string, work: (s3: { sdk: Sdk; client: S3Client }) => Promise<T>): Promise<T> {
    const s3 = await this.s3.use();
    try {
      return await work(s3);
    } catch (e) {
      throw storageError(operation, e);
    }
  }

  write(source: Readable, options: { maxBytes?: number; progress?: (bytes: number) => void } = {}): Promise<StoredBlob> {
    return this.writeAs(crypto.randomUUID(), source, options);
  }

  /** Stores content under a key of the caller's (a blob moved from the disk keeps its key); otherwise as `write`. */
  async writeAs(key: string, source: Readable, options: { maxBytes?: number; progress?: (bytes: number) => void } = {}): Promise<StoredBlob> {
    const Key = this.objectKey(key);
    const meter = new BlobMeter(options.maxBytes ?? Number.MAX_SAFE_INTEGER, options.progress);
    let stored: Promise<void> | undefined;
    try {
      await pipeline(source, meter, (chunks: AsyncIterable<Buffer>) => (stored = this.store(Key, chunks)));
      return { key, size: meter.size, sha256: meter.digest() };
    } catch (e) {
      // The store's own clean-up (an upload begun meanwhile aborted) is over before the write fails.
      await stored?.catch(() => undefined);
      if (!source.destroyed) source.resume();
      throw e;
    }
  }

  /** Stores the chunks as one object; when they fail (or a call does), nothing is kept. */
  private async store(Key: string, chunks: AsyncIterable<Buffer>): Promise<void> {
    let upload: MultipartUpload | null = null;
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of chunks) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        let size = partSize(upload?.parts ?? 0);
        if (pendingBytes < size) continue;
        // Parts of exactly the part size, whatever the source's chunks; the rest waits for more.
        let all = Buffer.concat(pending, pendingBytes);
        while (all.length >= size) {
          upload ??= await this.begin(Key);
          await upload.add(all.subarray(0, size));
          all = all.subarray(size);
          size = partSize(upload.parts);
        }
        pending = all.length > 0 ? [all] : [];
        pendingBytes = all.length;
      }
      const rest = Buffer.concat(pending, pendingBytes);
      if (upload) {
        if (rest.length > 0) await upload.add(rest);
        await upload.complete();
      } else {
        await this.call('PutObject', ({ sdk, client }) => client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key, Body: rest, ContentLength: rest.length })));
      }
    } catch (e) {
      // The parts go (should the abort fail, removeTemporaries or a lifecycle rule takes them later).
      await (upload as MultipartUpload | null)?.abort().catch(() => undefined);
      throw e;
    }
  }

  private async begin(Key: string): Promise<MultipartUpload> {
    const created = await this.call('CreateMultipartUpload', ({ sdk, client }) => client.send(new sdk.CreateMultipartUploadCommand({ Bucket: this.bucket, Key })));
    if (!created.UploadId) throw new ObjectStorageError('CreateMultipartUpload', 'NoUploadId', undefined, 'the answer named no upload');
    return new MultipartUpload(this.bucket, Key, created.UploadId, (operation, work) => this.call(operation, work));
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.s3.use();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      return answer.Body as Readable;
    } catch (e) {
      const { code, status } = sdkCode(e);
      if (code === 'NoSuchKey' || code === 'NotFound' || status === 404) return null;
      // A range starting past the end: nothing to read, as from a file.
      if (range && (code === 'InvalidRange' || status === 416)) return Readable.from([]);
      throw storageError('GetObject', e);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    // S3 answers a missing key as a deleted one.
    await this.call('DeleteObject', ({ sdk, client }) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key })));
  }

  async *keys(): AsyncIterable<BlobListing> {
    let token: string | undefined;
    do {
      const ContinuationToken = token;
      const page = await this.call('ListObjectsV2', ({ sdk, client }) =>
        client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, MaxKeys: PAGE, ...(ContinuationToken ? { ContinuationToken } : {}) })),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (key && KEY.test(key)) yield { key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** No disk of ours to fill: the bucket's room is the provider's business. */
  async space(): Promise<null> {
    return null;
  }

  async removeTemporaries(olderThan: Date, log: Log): Promise<number> {
    const { sdk, client } = await this.s3.use();
    let removed = 0;
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    do {
      let page;
      try {
        page = await client.send(new sdk.ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.prefix, MaxUploads: PAGE, ...markers }));
      } catch (e) {
        const { code, status } = sdkCode(e);
        if (code !== 'NotImplemented' && status !== 501) throw storageError('ListMultipartUploads', e);
        log.warn(
          { event: 'vfs.uploads-not-listed', bucket: this.bucket, prefix: this.prefix },
          'the object storage cannot list unfinished uploads: give the bucket a lifecycle rule that aborts them (docs/DEPLOYMENT.md)',
        );
        return removed;
      }
      for (const upload of page.Uploads ?? []) {
        // Younger uploads may be another server's, still running.
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
        const [Key, UploadId] = [upload.Key, upload.UploadId];
        await this.call('AbortMultipartUpload', () => client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })));
        removed++;
      }
      markers = page.IsTruncated && page.NextKeyMarker ? { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker } : {};
    } while (markers.KeyMarker);
    return removed;
  }
}

function storageError(operation: string, e: unknown): ObjectStorageError {
  if (e instanceof ObjectStorageError) return e;
  const { code, status } = sdkCode(e);
  return new ObjectStorageError(operation, code, status, (e as SdkError).message ?? String(e));
}

type Call = <T>(operation: string, work: (s3: { sdk: Sdk; client: S3Client }) => Promise<T>) => Promise<T>;

/** One multipart upload under way: parts sent one at a time, the next read meanwhile. */
class MultipartUpload {
  parts = 0;
  private readonly done: CompletedPart[] = [];
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
    private readonly call: Call,
  ) {}

  /** Waits for the part before, then starts sending this one. */
  async add(body: Buffer): Promise<void> {
    await this.inFlight;
    const PartNumber = ++this.parts;
    const sent = this.call('UploadPart', ({ sdk, client }) =>
      client.send(new sdk.UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: body.length })),
    ).then((answer) => {
      this.done.push({ PartNumber, ETag: answer.ETag });
    });
    // Caught here so that a failure is not unhandled while the next part is read; the next add or complete meets it.
    sent.catch(() => undefined);
    this.inFlight = sent;
  }

  async complete(): Promise<void> {
    await this.inFlight;
    const Parts = [...this.done].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await this.call('CompleteMultipartUpload', ({ sdk, client }) =>
      client.send(new sdk.CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts } })),
    );
  }

  async abort(): Promise<void> {
    await this.inFlight.catch(() => undefined);
    await this.call('AbortMultipartUpload', ({ sdk, client }) =>
      client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId })),
    );
  }
}
