/**
 * Object storage for tests and benchmarks: s3rver (a fake S3 server) in
 * this process on 127.0.0.1 and a free port, with a temporary folder, behind
 * a small proxy that checks what s3rver does not and real S3 does, and
 * records every request the driver makes:
 *
 * - completing a multipart upload whose parts but the last are not all at
 *   least 5 MiB, or that has more than 10,000 parts, is refused
 *   (EntityTooSmall / InvalidArgument), as S3 does;
 * - a listing asking for more than 1,000 keys is refused; `pageLimit` makes
 *   pages shorter still (S3 may answer fewer keys than asked for), so that
 *   following the continuation tokens is checked without thousands of keys
 *   (the proxy pages listings itself: s3rver's paging fails on OpenSSL 3);
 * - unfinished multipart uploads are listed (ListMultipartUploads, which
 *   s3rver lacks) and aborted (likewise), unless `listUploads` is turned
 *   off to stand for a server that cannot list them.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../../src/config.js';

const MiB = 1024 * 1024;

/** A request as the proxy saw it. */
export interface RecordedRequest {
  method: string;
  /** The object key (without the bucket), '' for the bucket itself. */
  key: string;
  query: URLSearchParams;
  range: string | undefined;
  /** Body bytes. */
  bytes: number;
  status: number;
}

export interface UnfinishedUpload {
  key: string;
  initiated: Date;
  /** Bytes of each part number sent. */
  parts: Map<number, number>;
}

export interface S3TestServer {
  bucket: string;
  endpoint: string;
  /** The S3_* variables that point a server at this bucket (S3_PREFIX not included). */
  env: Record<string, string>;
  /** The same as configuration. */
  config(prefix?: string): ObjectStorageConfig;
  requests: RecordedRequest[];
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  uploads: Map<string, UnfinishedUpload>;
  /**
   * pageLimit: most keys a listing page holds; listUploads: whether
   * ListMultipartUploads is there; refuseSignatures: answer every object
   * call 403 SignatureDoesNotMatch, naming the access key id as S3 does.
   */
  options: { pageLimit: number; listUploads: boolean; refuseSignatures: boolean };
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3Server(bucket = 'atrium-test'): Promise<S3TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-'));
  // Signatures are made for the proxy's address and some queries are rewritten: s3rver does not check them.
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, allowMismatchedSignatures: true, configureBuckets: [{ name: bucket }] });
  const target = await s3rver.run();
  const requests: RecordedRequest[] = [];
  const uploads = new Map<string, UnfinishedUpload>();
  const options = { pageLimit: 1000, listUploads: true, refuseSignatures: false };

  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const query = url.searchParams;
    const record: RecordedRequest = { method: req.method ?? 'GET', key, query, range: req.headers.range, bytes: 0, status: 0 };
    requests.push(record);
    const answer = (status: number, body: string) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    req.on('data', (chunk: Buffer) => (record.bytes += chunk.length));
    const uploadId = query.get('uploadId');

    if (options.refuseSignatures && key) {
      req.resume();
      return answer(
        403,
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message>` +
          `<AWSAccessKeyId>S3RVER</AWSAccessKeyId><StringToSign>AWS4-HMAC-SHA256</StringToSign><SignatureProvided>0123abcd</SignatureProvided></Error>`,
      );
    }

    if (bucketName === bucket && !key && req.method === 'GET' && query.has('uploads') && options.listUploads) {
      const prefix = query.get('prefix') ?? '';
      const listed = [...uploads].filter(([, u]) => u.key.startsWith(prefix));
      req.resume();
      return answer(
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Prefix>${escapeXml(prefix)}</Prefix>` +
          `<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
          listed.map(([id, u]) => `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`).join('') +
          `</ListMultipartUploadsResult>`,
      );
    }
    if (req.method === 'DELETE' && uploadId) {
      req.resume();
      if (!uploads.delete(uploadId)) return answer(404, xmlError('NoSuchUpload', 'The specified upload does not exist.'));
      record.status = 204;
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'POST' && uploadId) {
      const upload = uploads.get(uploadId);
      const sizes = [...(upload?.parts ?? new Map<number, number>())].sort(([a], [b]) => a - b).map(([, bytes]) => bytes);
      if (sizes.length > 10_000) {
        req.resume();
        return answer(400, xmlError('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive'));
      }
      if (sizes.slice(0, -1).some((bytes) => bytes < 5 * MiB)) {
        req.resume();
        return answer(400, xmlError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.'));
      }
    }
    if (req.method === 'GET' && !key && query.get('list-type') === '2') {
      req.resume();
      const asked = Number(query.get('max-keys') ?? 1000);
      if (asked > 1000) return answer(400, xmlError('InvalidArgument', 'max-keys above 1000'));
      return listObjectsV2(query, Math.min(asked, options.pageLimit), answer);
    }
    if (req.method === 'PUT' && uploadId) {
      const upload = uploads.get(uploadId);
      const part = Number(query.get('partNumber'));
      req.on('end', () => upload?.parts.set(part, record.bytes));
    }

    const forwarded = http.request(
      { host: target.address, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        record.status = reply.statusCode ?? 0;
        const begun = req.method === 'POST' && query.has('uploads') && reply.statusCode === 200;
        if (!begun) {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
          if (req.method === 'POST' && uploadId && reply.statusCode === 200) uploads.delete(uploadId);
          return;
        }
        // The upload's id is in the answer's body.
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          const body = Buffer.concat(chunks);
          const id = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString())?.[1];
          if (id) uploads.set(id, { key, initiated: new Date(), parts: new Map() });
          res.writeHead(200, reply.headers);
          res.end(body);
        });
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  /**
   * ListObjectsV2, paged by the proxy: s3rver's own continuation tokens need
   * a cipher that OpenSSL 3 no longer has, so the page is asked of s3rver as
   * a version 1 listing after a marker, the token being the last key.
   */
  function listObjectsV2(query: URLSearchParams, limit: number, answer: (status: number, body: string) => void): void {
    const token = query.get('continuation-token');
    const marker = token ? Buffer.from(token, 'base64url').toString() : (query.get('start-after') ?? '');
    const v1 = new URLSearchParams({ prefix: query.get('prefix') ?? '', 'max-keys': String(limit), marker });
    http
      .get({ host: target.address, port: target.port, path: `/${bucket}?${v1.toString()}` }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (reply.statusCode !== 200) return answer(reply.statusCode ?? 500, body);
          const contents = body.match(/<Contents>[\s\S]*?<\/Contents>/g) ?? [];
          const truncated = /<IsTruncated>true<\/IsTruncated>/.test(body);
          const last = /<Key>([^<]*)<\/Key>/.exec(contents.at(-1) ?? '')?.[1] ?? '';
          answer(
            200,
            `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(query.get('prefix') ?? '')}</Prefix>` +
              `<MaxKeys>${limit}</MaxKeys><KeyCount>${contents.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
              (token ? `<ContinuationToken>${token}</ContinuationToken>` : '') +
              (truncated ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : '') +
              contents.join('') +
              `</ListBucketResult>`,
          );
        });
      })
      .on('error', () => answer(500, xmlError('InternalError', 'listing failed')));
  }

  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  return {
    bucket,
    endpoint,
    env,
    config: (prefix = '') => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix,
    }),
    requests,
    uploads,
    options,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3rver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
