import crypto from 'node:crypto';
import type { Locale } from '@atrium/shared';
import { RECORD_MENTION_TEXTS, type HistoryDetail, type RecordPerson, type TimelineDetail, type TimelineEntry } from '@atrium/shared/apps';
import { recordAccess } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import type { Stores } from '../stores.js';
import { displayName } from '../users/displayName.js';
import { RecordError } from './RecordError.js';
import type { AppContext, RecordCore } from './RecordCore.js';
import type { StoredRecord } from './RecordStore.js';
import { isUserId, mentionedUsernames } from './recordChecks.js';
import { fillRecordText } from './recordText.js';

/** A user a comment mentions, to be told of it (docs/behaviour/records.md#comments). */
export interface Mention {
  accountId: string;
  app: string;
  userId: string;
  /** "{commenter} mentioned you on {record title}", in the mentioned user's language. */
  text: string;
  by: { id: string; name: string };
}

/** What the timeline's part needs besides the records' common steps. */
export interface RecordTimelineDeps {
  stores: Pick<Stores, 'records' | 'access' | 'users'>;
  /** The catalogue grant for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
  /** Tells a mentioned user (a work item in their notification centre). */
  notifyMention(mention: Mention): Promise<void>;
  /** The user's interface language (their setting), for what is written for them. */
  localeOf(userId: string): Promise<Locale>;
}

/**
 * A record's timeline (docs/behaviour/records.md#history): its history and
 * comments as the caller may see them, and the comments, whose mentions
 * reach the mentioned members who may read the record.
 */
export class RecordTimeline {
  constructor(
    private readonly core: RecordCore,
    private readonly deps: RecordTimelineDeps,
  ) {}

  /** GET records/{app}/record/{name}/timeline: history and comments, newest first, without the fields hidden to the caller. */
  async entries(caller: Caller, appName: string, name: string): Promise<TimelineEntry[]> {
    const app = await this.core.context(caller, appName);
    const { record, access } = await this.core.readable(caller, app, name);
    const store = this.deps.stores.records;
    const [history, comments] = await Promise.all([store.history(record.id), store.comments(record.id)]);
    const hidden = new Set(access.hiddenFields);
    const people = await store.people([...history.flatMap((h) => [h.userId ?? '', ...detailPeople(h.detail)]), ...comments.flatMap((c) => [c.authorId ?? '', ...c.mentions])]);
    const person = (id: string | null | undefined) => (id && people.has(id) ? { id, name: people.get(id)! } : null);
    const entries: TimelineEntry[] = [
      ...history.map(
        (h): TimelineEntry => ({
          kind: 'change',
          id: h.id,
          at: h.at.toISOString(),
          by: person(h.userId),
          action: h.action,
          version: h.version,
          changes: h.changes.filter((c) => !hidden.has(c.field)),
          ...(h.detail ? { detail: timelineDetail(h.detail, person) } : {}),
        }),
      ),
      ...comments.map(
        (c): TimelineEntry => ({
          kind: 'comment',
          id: c.id,
          at: c.createdAt.toISOString(),
          by: person(c.authorId),
          text: c.text,
          mentions: c.mentions.map(person).filter((p) => p !== null),
        }),
      ),
    ];
    return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  /**
   * POST records/{app}/record/{name}/comments: a comment; each `@username`
   * (or `@<user id>`) of a member who may read the record is kept as a mention and told of
   * it (a work item in their notification centre).
   */
  async comment(caller: Caller, appName: string, name: string, text: string): Promise<TimelineEntry> {
    const app = await this.core.context(caller, appName);
    const { record, access } = await this.core.readable(caller, app, name);
    if (record.deletedAt || !access.actions.includes('comment')) throw new RecordError('forbidden');
    const mentioned = await this.mentionable(app, record, text, caller.userId);
    const row = await this.deps.stores.records.addComment({
      id: crypto.randomUUID(),
      recordId: record.id,
      authorId: caller.userId,
      text,
      mentions: mentioned.map((p) => p.id),
      createdAt: this.core.now(),
    });
    const by = { id: caller.userId, name: caller.name };
    // The commenter and the people the comment mentions follow the record (docs/behaviour/workflows.md#following).
    await this.core.follow(record.id, [caller.userId], 'commented');
    await this.core.follow(record.id, mentioned.map((p) => p.id), 'mentioned');
    for (const person of mentioned) {
      const text = fillRecordText(RECORD_MENTION_TEXTS[await this.deps.localeOf(person.id)], { user: caller.name, record: person.title });
      await this.deps.notifyMention({ accountId: app.scope.accountId, app: app.name, userId: person.id, text, by });
    }
    this.core.publish(caller, app, record.entity, [record.name]);
    return { kind: 'comment', id: row.id, at: row.createdAt.toISOString(), by, text: row.text, mentions: mentioned.map(({ id, name }) => ({ id, name })) };
  }

  /**
   * The members a comment mentions who may read the record, each once, the
   * commenter left out; each with the record's title as they may see it.
   */
  private async mentionable(app: AppContext, record: StoredRecord, text: string, authorId: string): Promise<Array<{ id: string; name: string; title: string }>> {
    const usernames = mentionedUsernames(text);
    const out: Array<{ id: string; name: string; title: string }> = [];
    for (const username of usernames) {
      // A person is named by username, or by id (as the runtime's suggestions write them).
      const user = isUserId(username) ? await this.deps.stores.users.findById(username) : await this.deps.stores.users.findByUsername(username);
      if (!user || user.disabled || user.id === authorId) continue;
      const facts = await this.deps.stores.access.callerFacts(user.id, app.scope.accountId);
      if (!facts.organisation || !(await this.deps.canSeeApp(user.id, app.name))) continue;
      const name = displayName(user);
      const them: Caller = { userId: user.id, name, sessionId: '', ...facts };
      const access = recordAccess(them, app.declaration, record.entity, { ownerId: record.ownerId, values: record.data }, this.core.now().getTime());
      // A title made of a field hidden to them would show it: the name stands in, as in their answers.
      const title = access.hiddenFields.includes(app.declaration.entities[record.entity]!.titleField) ? record.name : record.title;
      if (access.actions.includes('read')) out.push({ id: user.id, name, title });
    }
    return out;
  }
}

/** The people a workflow's history row names besides its author. */
function detailPeople(detail: HistoryDetail | null | undefined): string[] {
  if (!detail) return [];
  if ('reassigned' in detail) return [detail.reassigned.from, detail.reassigned.to];
  return detail.onBehalfOf ? [detail.onBehalfOf] : [];
}

/** A workflow's history row with its people by name. */
function timelineDetail(detail: HistoryDetail, person: (id: string | null | undefined) => RecordPerson | null): TimelineDetail {
  if ('reassigned' in detail) return { reassigned: { from: person(detail.reassigned.from), to: person(detail.reassigned.to) } };
  const { onBehalfOf, ...rest } = detail;
  return onBehalfOf === undefined ? rest : { ...rest, onBehalfOf: person(onBehalfOf) };
}
