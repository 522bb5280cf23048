// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { AppRecord } from '../../src/apps/AppStore.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`AppStore on ${databaseKind}`, () => {
  let s: TestStores;
  let notes: AppRecord;
  let chat: AppRecord;
  let board: AppRecord;
  beforeAll(async () => {
    s = await createTestStores();
    notes = await s.stores.apps.create({ name: 'Notes', title: 'Notes', category: 'organization' });
    chat = await s.stores.apps.create({ name: 'Chat', title: 'Team chat', category: 'collaboration', isBaseApp: true, appType: 2, url: 'https://chat.example' });
    board = await s.stores.apps.create({ name: 'Board', title: 'A board', category: 'organization' });
  });
  afterAll(() => s.close());

  const newUser = () => s.stores.users.create({ username: `u-${crypto.randomBytes(4).toString('hex')}` });

  it('creates apps with defaults and finds them by name', async () => {
    expect(notes).toMatchObject({ isBaseApp: false, type: 'application', appType: 1, url: null, defaultAppForOrgs: 0 });
    expect(await s.stores.apps.findByName('Chat')).toEqual(chat);
    expect(await s.stores.apps.findByName('Missing')).toBeNull();
  });

  it('rejects a second app with the same name', async () => {
    await expect(s.stores.apps.create({ name: 'Notes', title: 'Again', category: 'organization' })).rejects.toThrow();
  });

  it('lists the catalogue by category then title', async () => {
    expect((await s.stores.apps.list()).map((a) => a.name)).toEqual(['Chat', 'Board', 'Notes']);
  });

  it('keeps title translations, none by default, and replaces them', async () => {
    expect(notes.titles).toEqual({});
    const board2 = await s.stores.apps.create({ name: 'Board2', title: 'Board', titles: { de_DE: 'Tafel', zh_CN: '看板' }, category: 'organization' });
    expect((await s.stores.apps.findByName('Board2'))!.titles).toEqual({ de_DE: 'Tafel', zh_CN: '看板' });
    expect((await s.stores.apps.setTitles(board2.id, { fr_FR: 'Tableau' }))!.titles).toEqual({ fr_FR: 'Tableau' });
    expect(await s.stores.apps.setTitles(crypto.randomUUID(), { fr_FR: 'Tableau' })).toBeNull();
  });

  it('grants (idempotently) and lists granted apps by category then title, per user', async () => {
    const user = await newUser();
    const other = await newUser();
    await s.stores.apps.grant(user.id, notes.id);
    await s.stores.apps.grant(user.id, chat.id);
    await s.stores.apps.grant(user.id, board.id);
    await s.stores.apps.grant(user.id, notes.id);
    await s.stores.apps.grant(other.id, chat.id);
    expect((await s.stores.apps.listGranted(user.id)).map((a) => a.name)).toEqual(['Chat', 'Board', 'Notes']);
    expect((await s.stores.apps.listGranted(other.id)).map((a) => a.name)).toEqual(['Chat']);
  });

  it('revokes a grant, answering whether there was one', async () => {
    const user = await newUser();
    await s.stores.apps.grant(user.id, notes.id);
    expect(await s.stores.apps.revoke(user.id, notes.id)).toBe(true);
    expect(await s.stores.apps.revoke(user.id, notes.id)).toBe(false);
    expect(await s.stores.apps.listGranted(user.id)).toEqual([]);
  });

  it('keeps a per-user blacklist of app names, idempotently', async () => {
    const user = await newUser();
    const other = await newUser();
    await s.stores.apps.blacklist(user.id, 'Chat');
    await s.stores.apps.blacklist(user.id, 'Chat');
    await s.stores.apps.blacklist(user.id, 'Notes');
    expect((await s.stores.apps.listBlacklisted(user.id)).sort()).toEqual(['Chat', 'Notes']);
    expect(await s.stores.apps.listBlacklisted(other.id)).toEqual([]);
  });
});
