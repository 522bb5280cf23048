/**
 * `atrium files ...`: put, ls, rm, in any mountpoint, read-only ones included
 * (docs/behaviour/files.md#mountpoints); move-to-bucket, the contents of the
 * data folder to the configured bucket (docs/DEPLOYMENT.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { humanFileSize, isVfsPath } from '@atrium/shared';
import { DiskBlobStore } from '../../vfs/DiskBlobStore.js';
import { FileUrlSigner } from '../../vfs/FileUrlSigner.js';
import { moveBlobsToBucket, type MoveCounts } from '../../vfs/moveToBucket.js';
import { BUILTIN_MOUNTS } from '../../vfs/mounts.js';
import { VfsError } from '../../vfs/VfsError.js';
import { VfsService, type VfsCaller } from '../../vfs/VfsService.js';
import { S3BlobStore, S3Connection } from '../../vfs/S3BlobStore.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import type { CliContext } from '../context.js';
import { formatJson, formatTable } from '../format.js';
import { findOrg, findUser } from '../lookup.js';

const whose = {
  user: { type: 'string', arg: 'username', help: "whose home (for 'home:' and other per-user mountpoints)" },
  org: { type: 'string', arg: 'organisation', help: "whose folders (for 'shared:', 'documents:' and other per-organisation mountpoints)" },
} as const;

function checkPath(args: Args, index: number): void {
  const value = args.positional(index);
  if (!isVfsPath(value)) throw new UsageError(`'${value}' is not a filesystem path such as documents:/Policies/handbook.pdf`);
}

/** The filesystem as an operator sees it: writes to read-only mountpoints, counted against nobody. */
async function operator(ctx: CliContext, args: Args): Promise<{ vfs: VfsService; caller: VfsCaller }> {
  const username = args.string('user');
  const orgName = args.string('org');
  const user = username === undefined ? null : await findUser(ctx.stores, username);
  const org = orgName === undefined ? null : await findOrg(ctx.stores, orgName);
  const vfs = new VfsService(
    ctx.stores.vfs,
    ctx.stores.vfsBlobs,
    // No signed addresses on the command line: the caller has no session.
    new FileUrlSigner('unused'),
    { mounts: ctx.mounts ?? BUILTIN_MOUNTS, quota: Number.MAX_SAFE_INTEGER, uploadLimit: Number.MAX_SAFE_INTEGER, apiPrefix: '' },
    { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
  );
  return { vfs, caller: { userId: user?.id ?? null, sessionId: null, account: org ? { id: org.id, name: org.name } : null, operator: true } };
}

/** Runs a filesystem call, turning its failures into the command line's. */
async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof VfsError) throw new CliError(`${e.message}${e.vfsCode === 'filesystemNotFound' ? ' (name the owner with --user or --org)' : ''}.`);
    throw e;
  }
}

const put: CommandSpec = {
  group: 'files',
  name: 'put',
  summary: 'store a file in a mountpoint',
  description: 'Copies a local file to a filesystem path, replacing a file already there (unless --no-overwrite). Missing folders are made.',
  positionals: ['file', 'path'],
  options: { ...whose, 'no-overwrite': { type: 'boolean', help: 'refuse to replace an existing file' } },
  examples: ['files put handbook.pdf documents:/Policies/handbook.pdf --org "Northwind Trading"', 'files put notes.txt home:/notes.txt --user demo'],
  validate: (args) => checkPath(args, 1),
  async run(ctx, args, io) {
    const file = args.positional(0);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`Cannot read the file '${file}': no such file.`);
    const { vfs, caller } = await operator(ctx, args);
    const target = args.positional(1);
    const [mount, rest] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
    const folders = rest.split('/').filter(Boolean).slice(0, -1);
    for (let i = 1; i <= folders.length; i++) {
      const dir = `${mount}:/${folders.slice(0, i).join('/')}`;
      if (!(await attempt(() => vfs.exists(caller, dir)))) await attempt(() => vfs.mkdir(caller, dir));
    }
    // The file is opened once the write is accepted (name, space), and its size checked before.
    const entry = await attempt(() => vfs.writefile(caller, target, () => fs.createReadStream(file), { overwrite: !args.flag('no-overwrite') }, fs.statSync(file).size));
    io.stdout(`Stored ${entry.path} (${humanFileSize(entry.size)}).`);
  },
};

const ls: CommandSpec = {
  group: 'files',
  name: 'ls',
  summary: 'list a folder of a mountpoint',
  positionals: ['path'],
  options: { ...whose, json: { type: 'boolean', help: 'print JSON' } },
  examples: ['files ls documents:/ --org "Northwind Trading"'],
  validate: (args) => checkPath(args, 0),
  async run(ctx, args, io) {
    const { vfs, caller } = await operator(ctx, args);
    const entries = await attempt(() => vfs.readdir(caller, args.positional(0), { showHiddenFiles: true }));
    if (args.flag('json')) return io.stdout(formatJson(entries));
    io.stdout(formatTable(['name', 'type', 'size', 'modified'], entries.map((e) => [e.isDirectory ? `${e.filename}/` : e.filename, e.mime, e.isDirectory ? '' : humanFileSize(e.size), e.stat.modified])));
  },
};

const rm: CommandSpec = {
  group: 'files',
  name: 'rm',
  summary: 'delete a file or a folder with everything in it',
  positionals: ['path'],
  options: { ...whose },
  examples: ['files rm documents:/Policies/old.pdf --org "Northwind Trading"'],
  validate: (args) => checkPath(args, 0),
  async run(ctx, args, io) {
    const { vfs, caller } = await operator(ctx, args);
    await attempt(() => vfs.unlink(caller, args.positional(0)));
    io.stdout(`Deleted ${args.positional(0)}.`);
  },
};

const moveToBucket: CommandSpec = {
  group: 'files',
  name: 'move-to-bucket',
  summary: "copy the data folder's file and resource contents to the configured bucket",
  description:
    "Copies every content under DATA_DIR/files and DATA_DIR/resources to the bucket of S3_BUCKET under the same key, checking each copy's length and, " +
    'where the database records it, its SHA-256. Run it again to resume: what is already in the bucket with the same length is not copied again. ' +
    'Local copies stay unless --remove-local, which deletes each one once its object in the bucket is verified.',
  positionals: [],
  options: { 'remove-local': { type: 'boolean', help: 'delete each local copy once its copy in the bucket is verified' } },
  examples: ['files move-to-bucket', 'files move-to-bucket --remove-local'],
  async run(ctx, args, io) {
    const storage = ctx.blobStorage;
    if (!storage?.objectStorage) throw new CliError('No bucket is configured: set S3_BUCKET (and the other S3_ settings the servers will use) first.');
    const s3 = new S3Connection(storage.objectStorage);
    const removeLocal = args.flag('remove-local');
    const areas = [
      { name: 'Files', area: 'files', to: new S3BlobStore(s3, 'files'), recordedHashes: (keys: string[]) => ctx.stores.vfs.blobHashes(keys) },
      {
        name: 'Resources',
        area: 'resources',
        to: new S3BlobStore(s3, 'resources'),
        recordedHashes: async (keys: string[]) => {
          const records = await Promise.all(keys.map((key) => ctx.stores.resources.findById(key)));
          return new Map(records.filter((r) => r !== null).map((r) => [r.id, r.sha256]));
        },
      },
    ];
    let failed = 0;
    for (const { name, area, to, recordedHashes } of areas) {
      const counts = await moveBlobsToBucket(new DiskBlobStore(path.join(storage.dataDir, area)), to, { recordedHashes, removeLocal });
      io.stdout(describeMove(name, counts, removeLocal));
      for (const { key, reason } of counts.failed) io.stderr(`${name}: ${key} not moved: ${reason}`);
      failed += counts.failed.length;
    }
    if (failed > 0) throw new CliError(`${failed} ${failed === 1 ? 'content was' : 'contents were'} not moved (kept in the data folder); run the command again once the cause is fixed.`);
  },
};

function describeMove(name: string, counts: MoveCounts, removeLocal: boolean): string {
  const parts = [`${counts.copied} copied (${humanFileSize(counts.bytes)})`, `${counts.present} already in the bucket`, `${counts.failed.length} failed`];
  if (removeLocal) parts.push(`${counts.removed} local ${counts.removed === 1 ? 'copy' : 'copies'} removed`);
  return `${name}: ${parts.join(', ')}.`;
}

export const fileCommands: readonly CommandSpec[] = [put, ls, rm, moveToBucket];
