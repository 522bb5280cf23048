/**
 * @module-tag postgres
 *
 * The daily digests (docs/behaviour/workflows.md#digests): once the hour a
 * user chose has come, one e-mail a day of their open tasks by colour and
 * of the changes others made to the records they follow, in their
 * language; none when there is nothing to say.
 */
import { hourIn } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, RecordingMailer, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const HOUR = 3600_000;

describe(`daily digests on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  const mailer = new RecordingMailer();
  let ada: UserRecord;
  let bob: UserRecord;
  let carl: UserRecord;
  let dora: UserRecord;
  let recordName: string;

  beforeAll(async () => {
    // Tomorrow, 10:00 UTC: every row of the test is written at the clock's time.
    const now = clock.now();
    clock.advanceMs(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 10) - now.getTime());
    t = await createTestApp({ now: clock.now, mailer });
    const { stores } = t.services;
    const org = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart', email: 'ada@example.test' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', email: 'bob@example.test' });
    carl = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Berg', email: 'carl@example.test' });
    dora = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dora', lastname: 'Kim', email: 'dora@example.test' });
    // The application by its title in each reader's language, not its name.
    const app = await installDeclaration(stores, { ...LEAVE_DECLARATION, label: { en_EN: 'Leave requests', de_DE: 'Urlaubsanträge' } }, [org.id], [ada.id, bob.id, carl.id, dora.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'hr' });
    const task = (name: string, assignee: string, hours: number | null) =>
      t.services.tasks.createAsOperator({ accountId: org.id, app: 'Leave', name, assignee, creator: null, endDate: hours === null ? null : new Date(clock.now().getTime() + hours * HOUR), followers: [] });
    await task('Sign the contract', ada.id, -5);
    await task('<b>Plan</b> & budget', ada.id, 2);
    await task('Quarterly review', ada.id, 24 * 30);
    await task('Read the handbook', ada.id, null);
    await task('Renew the badge', dora.id, 24 * 30);
    // Ada follows Bob's request, which Bob changes twice; she changes it once herself.
    const bobApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt);
    const adaApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    const { record } = await bobApi.created({ subject: 'Week in Lisbon' });
    recordName = record.name;
    data(await adaApi.request('PUT', `Leave/record/${record.name}/follow`), 200);
    clock.advanceSeconds(1);
    data(await bobApi.update(record.name, 1, { note: 'first' }), 200);
    data(await adaApi.update(record.name, 2, { note: 'mine' }), 200);
    data(await bobApi.update(record.name, 3, { note: 'second' }), 200);
    await t.services.following.drain();
    expect((await t.services.settings.update(ada.id, { 'digest.hour': 9 })).ok).toBe(true);
    // Carl has nothing to be told; Bob's hour has not come; Dora reads German.
    expect((await t.services.settings.update(carl.id, { 'digest.hour': 10 })).ok).toBe(true);
    expect((await t.services.settings.update(bob.id, { 'digest.hour': 11 })).ok).toBe(true);
    expect((await t.services.settings.update(dora.id, { 'digest.hour': 0, locale: 'de_DE' })).ok).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  const mailTo = (address: string) => mailer.sent.filter((m) => m.to === address);

  it('refuses an hour that is not one of the day', async () => {
    for (const value of [24, -1, 9.5, '9']) expect((await t.services.settings.update(ada.id, { 'digest.hour': value })).ok, String(value)).toBe(false);
  });

  it("lists the open tasks by colour and the others' changes to followed records, to each user whose hour has come", async () => {
    expect(await t.services.digests.run()).toEqual({ considered: 3, sent: 2 });
    const [mail, ...more] = mailTo('ada@example.test');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your Atrium digest (open items: 5)');
    const text = mail!.text;
    const order = ['Overdue:', '- Sign the contract (Leave requests, due', 'Due soon:', '- <b>Plan</b> & budget', 'On track:', '- Quarterly review', 'No due date:', '- Read the handbook (Leave requests)', 'Changes to records you follow', `- ${recordName} · Week in Lisbon (Leave requests): 2 changes, last by Bob Novak`];
    const positions = order.map((line) => text.indexOf(line));
    expect(positions.every((p) => p >= 0), text).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(mail!.html).toContain('&lt;b&gt;Plan&lt;/b&gt; &amp; budget');
    expect(mail!.html).not.toContain('<b>Plan</b>');
    const [german] = mailTo('dora@example.test');
    expect(german!.subject).toBe('Ihre Atrium-Übersicht (offene Einträge: 1)');
    expect(german!.text).toContain('Im Plan:\n- Renew the badge (Urlaubsanträge, ');
    // Nothing to tell Carl: no mail; Bob's hour is later.
    expect(mailTo('carl@example.test')).toEqual([]);
    expect(mailTo('bob@example.test')).toEqual([]);
  });

  it('sends a digest once a day, with only the changes made since the last one', async () => {
    await t.services.digests.run();
    expect(mailTo('ada@example.test')).toHaveLength(1);
    // Bob's hour: Ada's change of the record he created.
    clock.advanceMs(HOUR);
    await t.services.digests.run();
    const [toBob] = mailTo('bob@example.test');
    expect(toBob!.text).toContain(`- ${recordName} · Week in Lisbon (Leave requests): 1 change, by Ada Hart`);
    expect(mailTo('ada@example.test')).toHaveLength(1);
    // The next day: the tasks again, and no change since.
    clock.advanceMs(23 * HOUR);
    await t.services.digests.run();
    const ada2 = mailTo('ada@example.test');
    expect(ada2).toHaveLength(2);
    expect(ada2[1]!.text).toContain('Sign the contract');
    expect(ada2[1]!.text).not.toContain('Changes to records you follow');
    expect(mailTo('carl@example.test')).toEqual([]);
  });

  it("counts each user's hour on the clock of the time zone they chose it in", async () => {
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const emi = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Emi', lastname: 'Sato', email: 'emi@example.test' });
    const lou = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Lou', lastname: 'Reyes', email: 'lou@example.test' });
    for (const user of [emi, lou]) await t.services.tasks.createAsOperator({ accountId: org.id, app: 'Leave', name: `Welcome ${user.firstname}`, assignee: user.id, creator: null, endDate: null, followers: [] });
    // 22:00 UTC: 07:00 the next day in Tokyo (UTC+9), 14:00 in Los Angeles (UTC-8; 15:00 in summer time).
    const now = clock.now();
    clock.advanceMs(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 22) - now.getTime());
    expect(hourIn('Asia/Tokyo', clock.now())).toBe(7);
    expect((await t.services.settings.update(emi.id, { 'digest.hour': 8, 'digest.timeZone': 'Asia/Tokyo' })).ok).toBe(true);
    expect((await t.services.settings.update(lou.id, { 'digest.hour': 17, 'digest.timeZone': 'America/Los_Angeles' })).ok).toBe(true);
    // By UTC both hours have passed; on their clocks neither has.
    await t.services.digests.run();
    expect([mailTo('emi@example.test'), mailTo('lou@example.test')]).toEqual([[], []]);
    // 08:00 in Tokyo: Emi's digest, once; Lou's hour is still to come.
    clock.advanceMs(HOUR);
    await t.services.digests.run();
    await t.services.digests.run();
    expect(mailTo('emi@example.test').map((m) => m.text)).toEqual([expect.stringContaining('Welcome Emi')]);
    expect(mailTo('lou@example.test')).toEqual([]);
    // 17:00 in Los Angeles (18:00 in summer time).
    clock.advanceMs(2 * HOUR);
    expect(hourIn('America/Los_Angeles', clock.now())).toBeGreaterThanOrEqual(17);
    await t.services.digests.run();
    expect(mailTo('lou@example.test').map((m) => m.text)).toEqual([expect.stringContaining('Welcome Lou')]);
    expect(mailTo('emi@example.test')).toHaveLength(1);
  });

  it('refuses a time zone that is not one', async () => {
    for (const value of ['Mars/Olympus', '', 7, 'x'.repeat(80)]) expect((await t.services.settings.update(ada.id, { 'digest.timeZone': value })).ok, String(value)).toBe(false);
    expect((await t.services.settings.update(ada.id, { 'digest.timeZone': null })).ok).toBe(true);
  });
});
