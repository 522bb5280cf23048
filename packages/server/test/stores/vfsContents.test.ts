/**
 * @module-tag postgres
 *
 * What search knows of file contents, in the store (docs/behaviour/search.md#files):
 * the start-up pass that indexes text files written before contents were
 * indexed, on both databases.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentText, indexUnindexedContents, VFS_CONTENT_INDEX_MAX_BYTES } from '../../src/vfs/contentText.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { makeAccount } from '../helpers/factories.js';

const silent = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof indexUnindexedContents>[2];

describe(`file contents for search on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  async function file(scope: string, name: string, mime: string, content: string) {
    const { stores } = s;
    const root = await stores.vfs.root('shared', scope);
    const blob = await stores.vfsBlobs.write(Readable.from([Buffer.from(content)]));
    return stores.vfs.insert({ id: crypto.randomUUID(), mount: 'shared', scope, parentId: root.id, name, isDirectory: false, mime, size: blob.size, blobKey: blob.key, sha256: blob.sha256, ownerId: null, accountId: null });
  }

  it('indexes the text files written without their words once, and nothing else', async () => {
    const org = await makeAccount(s.stores);
    for (let i = 0; i < 7; i++) await file(org.id, `note ${i}.txt`, 'text/plain', `walrus number ${i}`);
    await file(org.id, 'data.json', 'application/json', '{"animal":"walrus"}');
    await file(org.id, 'image.png', 'image/png', 'walrus pixels');
    const search = () => s.stores.search.files([{ mount: 'shared', scope: org.id }], { words: ['walrus'], phrase: 'walrus' }, 50, 0);
    expect((await search()).count).toBe(0);
    expect(await indexUnindexedContents(s.stores.vfs, s.stores.vfsBlobs, silent, 3)).toBe(8);
    const found = await search();
    expect(found.count).toBe(8);
    expect(found.items.every((f) => !f.inName)).toBe(true);
    // A second pass finds nothing left to do.
    expect(await indexUnindexedContents(s.stores.vfs, s.stores.vfsBlobs, silent, 3)).toBe(0);
  });

  it('stores the words of a megabyte of distinct words, which the database would refuse whole', async () => {
    const org = await makeAccount(s.stores);
    let text = '';
    for (let i = 0; text.length < VFS_CONTENT_INDEX_MAX_BYTES - 20; i++) text += `q${i.toString(36)}z `;
    const node = await file(org.id, 'words.txt', 'text/plain', text);
    await s.stores.vfs.setContent(node.id, contentText(Buffer.from(text)));
    const found = await s.stores.search.files([{ mount: 'shared', scope: org.id }], { words: ['q0z'], phrase: 'q0z' }, 5, 0);
    expect(found.items.map((f) => f.name)).toEqual(['words.txt']);
  });
});
