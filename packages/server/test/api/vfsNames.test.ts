/**
 * @module-tag embedded-only
 *
 * Names that read otherwise than they are (docs/behaviour/files.md#names):
 * characters that change the direction of the text around them, and
 * characters drawn like '/' or '\', are refused wherever a name enters the
 * filesystem, with the broken rule; entries made before the rule stay
 * reachable, so their owners can list, read, rename and delete them.
 */
import { VFS_BIDI_CHARACTERS, VFS_LOOKALIKE_SEPARATORS, VFS_NAME_RULES, vfsErrorText, type VfsEntry } from '@atrium/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTree } from '../../src/demo/demoFiles.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

let t: TestApp;
let alice: VfsClient;
let aliceId: string;
let orgId: string;
const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeAccount(t.services.stores);
  orgId = org.id;
  const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
  aliceId = user.id;
  alice = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
  await alice.write('home:/source.txt', 'source');
  await alice.post('mkdir', { path: 'home:/Folder' });
});
afterAll(() => t.close());

const MISLEADING = [...VFS_BIDI_CHARACTERS, ...VFS_LOOKALIKE_SEPARATORS];

/** Every call through which a name enters, trying to make `name` in home:/Folder. */
function attempts(name: string) {
  const to = `home:/Folder/${name}`;
  return {
    mkdir: () => alice.post('mkdir', { path: to }),
    touch: () => alice.post('touch', { path: to }),
    writefile: () => alice.write(to, 'content'),
    copy: () => alice.post('copy', { from: 'home:/source.txt', to }),
    rename: () => alice.post('rename', { from: 'home:/source.txt', to }),
  };
}

async function folderNames(): Promise<string[]> {
  return data<VfsEntry[]>(await alice.get('readdir', { path: 'home:/Folder', options: { showHiddenFiles: true } })).map((e) => e.filename);
}

describe(`misleading names (${databaseKind})`, () => {
  it('refuses a name that changes the direction of the text, or holds a look-alike slash, in mkdir, touch, writefile, copy and rename', async () => {
    for (const [name, rule] of [
      ['invoice\u202Efdp.exe', VFS_NAME_RULES.bidi],
      ['report\u2066.pdf', VFS_NAME_RULES.bidi],
      ['..\uFF0F..\uFF0Folivia.txt', VFS_NAME_RULES.lookalike],
      ['Q1\u2215Q2 figures.xlsx', VFS_NAME_RULES.lookalike],
      ['C:\uFF3Cboot.ini', VFS_NAME_RULES.lookalike],
    ] as const) {
      for (const [operation, attempt] of Object.entries(attempts(name))) {
        const res = await attempt();
        expect(res.statusCode, `${operation} ${JSON.stringify(name)}`).toBe(400);
        expect(res.json<{ code: string; message: string; params: Record<string, string> }>()).toMatchObject({
          code: 'vfs.invalidName',
          message: vfsErrorText('invalidName', { name, rule }),
          params: { name, rule },
        });
      }
    }
    expect(await folderNames()).toEqual([]);
    expect((await alice.read('home:/source.txt')).body).toBe('source');
  });

  it('accepts no name holding any of those characters, wherever it is and whatever surrounds it', async () => {
    const name = fc
      .tuple(fc.string({ maxLength: 10, unit: 'grapheme' }), fc.constantFrom(...MISLEADING), fc.string({ maxLength: 10, unit: 'grapheme' }))
      .map(([before, character, after]) => `${before}${character}${after}`);
    const operation = fc.constantFrom<keyof ReturnType<typeof attempts>>('mkdir', 'touch', 'writefile', 'copy', 'rename');
    await fc.assert(
      fc.asyncProperty(name, operation, async (candidate, op) => {
        const res = await attempts(candidate)[op]();
        expect(res.statusCode, `${op} ${JSON.stringify(candidate)} → ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    expect(await folderNames()).toEqual([]);
  });

  it('keeps entries named so before the rule reachable: listed, read, renamed to a valid name and deleted', async () => {
    const old = { 'invoice\u202Efdp.exe': 'old invoice', '..\uFF0F..\uFF0Folivia.txt': 'old notes', 'Dir\u2215ectory': { 'inside.txt': 'inside' } };
    await writeTree(t.services.stores, 'home', aliceId, { Old: old }, aliceId, orgId);

    const listed = data<VfsEntry[]>(await alice.get('readdir', { path: 'home:/Old', options: { showHiddenFiles: true } }));
    expect(listed.map((e) => e.filename).sort()).toEqual(Object.keys(old).sort());
    expect((await alice.read('home:/Old/invoice\u202Efdp.exe')).body).toBe('old invoice');
    expect((await alice.read('home:/Old/Dir\u2215ectory/inside.txt')).body).toBe('inside');
    expect(data<VfsEntry>(await alice.get('stat', { path: 'home:/Old/..\uFF0F..\uFF0Folivia.txt' })).size).toBe(9);

    // Renamed to a valid name: fine. Kept, copied or moved under the misleading name: refused.
    const renamed = await alice.post('rename', { from: 'home:/Old/invoice\u202Efdp.exe', to: 'home:/Old/invoice.exe' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await alice.read('home:/Old/invoice.exe')).body).toBe('old invoice');
    expect((await alice.post('copy', { from: 'home:/Old/..\uFF0F..\uFF0Folivia.txt', to: 'home:/..\uFF0F..\uFF0Folivia.txt' })).statusCode).toBe(400);
    expect((await alice.post('rename', { from: 'home:/Old/Dir\u2215ectory', to: 'home:/Dir\u2215ectory' })).statusCode).toBe(400);
    expect((await alice.post('rename', { from: 'home:/Old/Dir\u2215ectory', to: 'home:/Directory' })).statusCode).toBe(200);
    expect((await alice.read('home:/Directory/inside.txt')).body).toBe('inside');

    // Deleted like any other entry.
    expect(data<boolean>(await alice.post('unlink', { path: 'home:/Old/..\uFF0F..\uFF0Folivia.txt' }))).toBe(true);
    expect(data<VfsEntry[]>(await alice.get('readdir', { path: 'home:/Old', options: { showHiddenFiles: true } })).map((e) => e.filename)).toEqual(['invoice.exe']);
  });
});
