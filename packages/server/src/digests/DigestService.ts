import { DEFAULT_LOCALE, hourIn, LOCALES, rygStatus, startOfDayIn, type Locale } from '@atrium/shared';
import type { InstalledApp } from '../declarations/DeclarationStore.js';
import { ReaderCallers, titleFor, type ReaderDeps } from '../following/recordReaders.js';
import type { Log } from '../logger.js';
import type { Mailer } from '../mail/Mailer.js';
import type { Stores } from '../stores.js';
import { digestMail, type DigestMailChange, type DigestMailTask } from './digestMail.js';
import type { DigestAppTitle, DigestChange, DigestStore, DigestTask, DueUser } from './DigestStore.js';

/** Users read and written per round of statements. */
const DIGEST_BATCH = 500;
/** Tasks and followed records a digest lists at most. */
const DIGEST_ITEMS_MAX = 50;
/** Mails sent at once. */
const MAILS_AT_ONCE = 10;
/** A first digest lists the changes of the last day. */
const FIRST_DIGEST_SPAN_MS = 24 * 3600 * 1000;

export interface DigestServiceDeps extends ReaderDeps {
  store: DigestStore;
  stores: ReaderDeps['stores'] & Pick<Stores, 'declarations' | 'records'>;
  mailer: Mailer;
  /** TASK_YELLOW_WINDOW, in milliseconds. */
  yellowWindowMs: number;
  /** The product's address, linked at the end of a digest. */
  publicUrl: string;
  log: Pick<Log, 'warn' | 'info'>;
  now?: () => Date;
}

/** What a round of digests did. */
export interface DigestRound {
  considered: number;
  sent: number;
}

/**
 * The daily digests (docs/behaviour/workflows.md#digests): each user who
 * chose an hour gets, once a day when that hour has come on the clock of
 * the time zone they chose it in (UTC without one), an e-mail of their
 * open tasks by colour and the changes others made to the records they
 * follow; none when both are empty.
 */
export class DigestService {
  private readonly now: () => Date;

  constructor(private readonly deps: DigestServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** One round: every user whose digest is due, a batch at a time. */
  async run(): Promise<DigestRound> {
    const now = this.now();
    // Each user's hour is on the clock of the time zone they chose it in.
    const slots = (await this.deps.store.digestZones()).map((timeZone) => ({ timeZone, hour: hourIn(timeZone, now), dayStart: startOfDayIn(timeZone, now) }));
    const round: DigestRound = { considered: 0, sent: 0 };
    let after: string | null = null;
    for (;;) {
      const users = await this.deps.store.dueUsers(slots, after, DIGEST_BATCH);
      if (users.length === 0) break;
      round.sent += await this.batch(users, now);
      round.considered += users.length;
      after = users[users.length - 1]!.userId;
    }
    return round;
  }

  /** One batch of users: read together, each mailed, all marked. Answers how many were sent a digest. */
  private async batch(users: readonly DueUser[], now: Date): Promise<number> {
    const ids = users.map((u) => u.userId);
    const [tasks, changes] = await Promise.all([
      this.deps.store.openTasks(ids, now, DIGEST_ITEMS_MAX),
      this.deps.store.followedChanges(ids, new Date(now.getTime() - FIRST_DIGEST_SPAN_MS), DIGEST_ITEMS_MAX),
    ]);
    const readable = await this.readableChanges(changes, now);
    const people = await this.deps.stores.records.people([...new Set(readable.map((c) => c.lastBy))]);
    const considered: string[] = [];
    const sent: string[] = [];
    for (let i = 0; i < users.length; i += MAILS_AT_ONCE) {
      await Promise.all(
        users.slice(i, i + MAILS_AT_ONCE).map(async (user) => {
          const outcome = await this.mail(user, tasks.filter((t) => t.assigneeId === user.userId), readable.filter((c) => c.userId === user.userId), people, now);
          // A mail that failed is tried again at the next round.
          if (outcome !== 'failed') considered.push(user.userId);
          if (outcome === 'sent') sent.push(user.userId);
        }),
      );
    }
    await this.deps.store.markConsidered(considered, sent, now);
    return sent.length;
  }

  /** The changed records each user may still read, each titled as they may see it. */
  private async readableChanges(changes: readonly DigestChange[], now: Date): Promise<DigestChange[]> {
    // The due users are enabled ones (DigestStore.dueUsers); their callers are built side by side.
    const readers = new ReaderCallers(this.deps, false);
    await readers.prefetch(changes.map((c) => ({ userId: c.userId, accountId: c.accountId, appName: c.appName })));
    const apps = new Map<string, Promise<InstalledApp | null>>();
    const out: DigestChange[] = [];
    for (const change of changes) {
      const key = `${change.accountId}\u0000${change.appName}`;
      if (!apps.has(key)) apps.set(key, this.deps.stores.declarations.installed(change.accountId, change.appName));
      const app = await apps.get(key)!;
      if (!app) continue;
      const reading = await readers.reading(change.userId, { accountId: change.accountId, name: app.name, declaration: app.declaration }, change, now);
      if (reading) out.push({ ...change, title: titleFor(app.declaration, change, reading.hiddenFields) });
    }
    return out;
  }

  private async mail(user: DueUser, tasks: readonly DigestTask[], changes: readonly DigestChange[], people: ReadonlyMap<string, string>, now: Date): Promise<'sent' | 'none' | 'failed'> {
    if ((tasks.length === 0 && changes.length === 0) || user.email === null) return 'none';
    const locale = (LOCALES as readonly unknown[]).includes(user.locale) ? (user.locale as Locale) : DEFAULT_LOCALE;
    const appName = ({ title, titles }: DigestAppTitle) => (locale === 'en_EN' ? title : (titles[locale] ?? title));
    const mailTasks = tasks.map((t): DigestMailTask => ({ name: t.name, appName: appName(t.appTitle), endDate: t.endDate, colour: rygStatus(t.endDate?.getTime() ?? null, now.getTime(), this.deps.yellowWindowMs) }));
    const mailChanges = changes.map((c): DigestMailChange => ({ name: c.name, title: c.title, appName: appName(c.appTitle), changes: c.changes, lastBy: people.get(c.lastBy) ?? '?' }));
    const message = digestMail({ locale, name: user.name, tasks: mailTasks, taskTotal: tasks[0]?.total ?? 0, changes: mailChanges, link: this.deps.publicUrl });
    try {
      await this.deps.mailer.send({ to: user.email, ...message });
      return 'sent';
    } catch (err) {
      this.deps.log.warn({ err, userId: user.userId }, 'a digest could not be sent');
      return 'failed';
    }
  }
}
