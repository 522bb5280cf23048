/**
 * The daily digests at scale (docs/behaviour/workflows.md#digests): one
 * round of the digest job for 10,000 users whose hour has come, each with
 * open tasks of every colour and records they follow that others changed
 * in the last day. Prints the time of the round, the users considered and
 * the mails sent (to a mailer that only counts them), then the time of a
 * second round (nothing due: everyone was considered today). Asserts nothing.
 *
 *   node --import tsx bench/digests.bench.ts
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/digests.bench.ts'
 *
 * BENCH_DIGEST_USERS (default 10000), BENCH_DIGEST_TASKS per user (default 5),
 * BENCH_DIGEST_FOLLOWS per user (default 3).
 */
import { DigestService } from '@atrium/server';
import { sql } from 'drizzle-orm';
import { benchDeclaration } from './seedRecords.js';
import { databaseLabel, openRecordsBench, writeBenchIncidents } from './lib.js';

const USERS = Number(process.env.BENCH_DIGEST_USERS ?? 10_000);
const TASKS = Number(process.env.BENCH_DIGEST_TASKS ?? 5);
const FOLLOWS = Number(process.env.BENCH_DIGEST_FOLLOWS ?? 3);
const RECORDS = 5_000;
const HOUR = 3_600_000;

const bench = await openRecordsBench('digests', benchDeclaration);
try {
  const { database, stores, accountId, appId, people } = bench;
  const db = database.db;
  const now = Date.now();
  const seedStarted = performance.now();
  await writeBenchIncidents(db, { accountId, appId, people: people.map((p) => p.id) }, 0, RECORDS, now - 48 * HOUR);
  // The users, members of the organisation with the application, each with a digest hour passed and an address; a tenth read German.
  await db.execute(sql`insert into users (id, username, firstname, lastname, email)
    select gen_random_uuid(), 'digest-' || g, 'User', 'No ' || g, 'digest-' || g || '@example.test' from generate_series(1, ${USERS}) g`);
  await db.execute(sql`insert into memberships (account_id, user_id) select ${accountId}::uuid, id from users where username like 'digest-%'`);
  await db.execute(sql`insert into app_grants (user_id, app_id) select id, ${appId}::uuid from users where username like 'digest-%'`);
  await db.execute(sql`insert into user_settings (user_id, key, value) select id, 'digest.hour', '0'::jsonb from users where username like 'digest-%'`);
  await db.execute(sql`insert into user_settings (user_id, key, value) select id, 'locale', '"de_DE"'::jsonb from users where username like 'digest-%' and right(username, 1) = '7'`);
  // Open tasks of every colour: overdue, due soon, later, undated.
  await db.execute(sql`insert into tasks (id, account_id, app_uuid, app_name, name, assignee_id, creator_id, end_date, status, created_at, updated_at)
    select gen_random_uuid(), ${accountId}::uuid, ${appId}::uuid, 'BenchIncidents', 'Task ' || t || ' of ' || u.username, u.id, null,
      case t % 4 when 0 then ${new Date(now - 5 * HOUR).toISOString()}::timestamptz when 1 then ${new Date(now + 5 * HOUR).toISOString()}::timestamptz
        when 2 then ${new Date(now + 500 * HOUR).toISOString()}::timestamptz else null end, 'open', now(), now()
    from users u cross join generate_series(1, ${TASKS}) t where u.username like 'digest-%'`);
  // Each user follows a few records, which another person changed in the last day.
  await db.execute(sql`insert into record_followers (record_id, user_id, reason, since)
    select r.id, u.id, 'manual', ${new Date(now - 40 * HOUR).toISOString()}::timestamptz
    from (select id, row_number() over (order by id) n from users where username like 'digest-%') u
    cross join generate_series(0, ${FOLLOWS - 1}) f
    join (select id, row_number() over (order by name) - 1 as k from records where app_id = ${appId}::uuid) r on r.k = (u.n * 7 + f * 131) % ${RECORDS}
    on conflict do nothing`);
  await db.execute(sql`insert into record_history (id, record_id, user_id, at, action, version, changes)
    select gen_random_uuid(), r.id, ${people[0]!.id}::uuid, ${new Date(now - 3 * HOUR).toISOString()}::timestamptz, 'update', 2, '[]'::jsonb
    from records r where r.app_id = ${appId}::uuid`);
  await db.execute(sql`analyze`);
  console.log(`Seeded ${USERS} users, ${USERS * TASKS} tasks, ${USERS * FOLLOWS} follows of ${RECORDS} changed records on ${databaseLabel} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  let mails = 0;
  const digests = new DigestService({
    store: stores.digests,
    stores,
    // Every user has the application (granted above): the grant's own check is the catalogue's, measured elsewhere.
    canSeeApp: async () => true,
    mailer: { send: async () => void mails++ },
    yellowWindowMs: 48 * HOUR,
    publicUrl: 'http://atrium.example',
    log: { info: () => undefined, warn: (obj, msg) => console.warn(msg, obj) },
    now: () => new Date(now),
  });
  let started = performance.now();
  const round = await digests.run();
  console.log(`First round: ${round.considered} users considered, ${round.sent} digests sent (${mails} mails) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const again = await digests.run();
  console.log(`Second round the same day: ${again.considered} users considered in ${((performance.now() - started) / 1000).toFixed(2)} s`);
} finally {
  await bench.close();
}
