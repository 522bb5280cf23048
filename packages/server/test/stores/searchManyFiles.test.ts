/**
 * @module-tag postgres
 *
 * File search with more matches than it counts (docs/behaviour/search.md#many-matches),
 * on both databases: the count stops at SEARCH_COUNT_CAP and says so, the
 * results are the best of the matches read (a file named as the text and
 * whole-word matches are never crowded out by the rest), pages end at the
 * cap, and other people's files never take a place.
 */
import crypto from 'node:crypto';
import { SEARCH_COUNT_CAP } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewVfsNode } from '../../src/vfs/VfsStore.js';
import { contentText } from '../../src/vfs/contentText.js';
import { makeAccount } from '../helpers/factories.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';

describe(`file search past ${SEARCH_COUNT_CAP} matches on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  /** A new organisation's shared folder with `names` as empty PDF files (found by name only), in that order. */
  async function folder(names: readonly string[]) {
    const org = await makeAccount(s.stores);
    const root = await s.stores.vfs.root('shared', org.id);
    const node = (name: string): NewVfsNode => ({
      id: crypto.randomUUID(),
      mount: 'shared',
      scope: org.id,
      parentId: root.id,
      name,
      isDirectory: false,
      mime: 'application/pdf',
      size: 1,
      blobKey: null,
      sha256: null,
      ownerId: null,
      accountId: org.id,
    });
    await s.stores.vfs.insertMany(names.map(node));
    return {
      instance: { mount: 'shared', scope: org.id },
      /** One more file, inserted after the rest, with `text` indexed when given. */
      add: (name: string, text?: string) =>
        text === undefined ? s.stores.vfs.insert(node(name)) : s.stores.vfs.insert({ ...node(name), mime: 'text/plain' }, contentText(Buffer.from(text))),
    };
  }
  const numbered = (count: number, name: (i: number) => string) => Array.from({ length: count }, (_, i) => name(i));
  const search = (instance: { mount: string; scope: string }, word: string, take = 20, skip = 0) =>
    s.stores.search.files([instance], { words: [word], phrase: word }, take, skip);

  it(`counts up to ${SEARCH_COUNT_CAP} and says there are more, with the file named as the text first however late it came`, async () => {
    const { instance, add } = await folder(numbered(SEARCH_COUNT_CAP + 200, (i) => `walrus-${String(i).padStart(4, '0')}.pdf`));
    await add('Walrus.md');
    const page = await search(instance, 'walrus');
    expect(page.count).toBe(SEARCH_COUNT_CAP);
    expect(page.capped).toBe(true);
    expect(page.items).toHaveLength(20);
    expect(page.items[0]!.name).toBe('Walrus.md');
    // The rest by name, all whole-word matches.
    const rest = page.items.slice(1).map((f) => f.name);
    expect(rest).toEqual([...rest].sort());
    expect(rest.every((name) => /^walrus-\d{4}\.pdf$/.test(name))).toBe(true);
  });

  it('pages through the counted results only: the page at the cap is empty, the count stays', async () => {
    const { instance } = await folder(numbered(SEARCH_COUNT_CAP + 50, (i) => `narwhal ${i}.pdf`));
    const last = await search(instance, 'narwhal', 20, SEARCH_COUNT_CAP - 10);
    expect(last.items).toHaveLength(10);
    expect(last).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    const past = await search(instance, 'narwhal', 20, SEARCH_COUNT_CAP);
    expect(past).toEqual({ count: SEARCH_COUNT_CAP, capped: true, items: [] });
    // Every result once over all pages.
    const seen = new Set<string>();
    for (let skip = 0; skip < SEARCH_COUNT_CAP; skip += 100) for (const f of (await search(instance, 'narwhal', 100, skip)).items) seen.add(f.id);
    expect(seen.size).toBe(SEARCH_COUNT_CAP);
  });

  it('ranks whole-word matches first even when more than the cap match by the beginning only', async () => {
    const { instance, add } = await folder(numbered(SEARCH_COUNT_CAP + 100, (i) => `orcas-${i}.pdf`));
    for (const name of ['orca-b.pdf', 'orca-a.pdf', 'orca-c.pdf']) await add(name);
    const page = await search(instance, 'orca', 5);
    expect(page).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(page.items.map((f) => f.name).slice(0, 3)).toEqual(['orca-a.pdf', 'orca-b.pdf', 'orca-c.pdf']);
    expect(page.items[3]!.name).toMatch(/^orcas-\d+\.pdf$/);
  });

  it('counts the texts after the names up to the cap, names first', async () => {
    const { instance, add } = await folder(numbered(SEARCH_COUNT_CAP - 5, (i) => `beluga ${i}.pdf`));
    for (let i = 0; i < 10; i++) await add(`notes ${i}.txt`, `the beluga whale number ${i}`);
    const page = await search(instance, 'beluga', 20, SEARCH_COUNT_CAP - 10);
    expect(page).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(page.items.map((f) => f.inName)).toEqual([true, true, true, true, true, false, false, false, false, false]);
  });

  it('counts exactly below the cap, and never counts files of others', async () => {
    const crowded = await folder(numbered(SEARCH_COUNT_CAP + 10, (i) => `dugong ${i}.pdf`));
    const { instance, add } = await folder(['dugong.pdf', 'dugong notes.pdf']);
    await add('sea cows.txt', 'a dugong grazes');
    const page = await search(instance, 'dugong');
    expect(page.count).toBe(3);
    expect(page.capped).toBeUndefined();
    expect(page.items.map((f) => f.name)).toEqual(['dugong.pdf', 'dugong notes.pdf', 'sea cows.txt']);
    expect((await search(crowded.instance, 'dugong')).capped).toBe(true);
  });
});
