/**
 * @module-tag postgres
 *
 * Resources keep their contents in a blob store of the files' kind
 * (docs/ARCHITECTURE.md): written whole or not at all, kept apart from the
 * files, so the files' start-up sweep of unreferenced blobs leaves them be;
 * contents stored flat by earlier versions move into the store at start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareResourceBlobs } from '../../src/resources/resourceBlobs.js';
import { sweepVfsBlobs } from '../../src/vfs/sweep.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe(`resource contents (${databaseKind})`, () => {
  it('stores a resource with its hash and serves it back after the files were swept', async () => {
    const resource = await t.services.resources.add('logo.png', PNG);
    expect(resource).toMatchObject({ mime: 'image/png', size: PNG.length, sha256: crypto.createHash('sha256').update(PNG).digest('hex') });
    const swept = await sweepVfsBlobs(t.services.stores.vfs, t.services.stores.vfsBlobs, t.app.log);
    expect(swept.orphans).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/resources/${resource.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
  });

  it('moves contents stored flat by an earlier version into the store and drops their half-written ones', async () => {
    const dir = path.join(t.config.dataDir, 'resources');
    const id = crypto.randomUUID();
    await t.services.stores.resources.create({ id, filename: 'old.png', mime: 'image/png', size: PNG.length, sha256: crypto.createHash('sha256').update(PNG).digest('hex') });
    fs.writeFileSync(path.join(dir, id), PNG);
    fs.writeFileSync(path.join(dir, `${crypto.randomUUID()}.part`), 'half');
    expect((await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/resources/${id}` })).statusCode).toBe(404);

    expect(await prepareResourceBlobs(dir, t.services.stores.blobs, t.app.log)).toEqual({ moved: 1, temporaries: 1 });
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/resources/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.part') || n === id)).toEqual([]);
  });
});
