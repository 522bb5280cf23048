import type { NotificationQuery, NotificationResponse } from '@atrium/shared';
import { ExpiringCache } from '../auth/ExpiringCache.js';

/** How long an answer is reused: the colours and snoozes that run out meanwhile are at most this late. */
export const NOTIFICATION_ANSWER_MS = 1000;
const MAX_ENTRIES = 10_000;

/**
 * The notification centre's answers (docs/ARCHITECTURE.md, "Notification
 * answers"), remembered per user, organisation and query for a second: the
 * centre, Priorities and every open tab ask the same question, each after
 * every change. Any change of a task made by this process forgets them all
 * at once, before it is told to anyone, so a refetch after a live update
 * always reads; a task changed by another process (the command line) is
 * seen at most a second later.
 */
export class NotificationAnswers {
  private readonly entries: ExpiringCache<string, NotificationResponse>;
  private generation = 0;

  constructor(
    private readonly ttlMs: number = NOTIFICATION_ANSWER_MS,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.entries = new ExpiringCache(ttlMs > 0 ? MAX_ENTRIES : 0, nowMs);
  }

  /** The remembered answer of this question, or `read()`'s (remembered unless a change came meanwhile). */
  async answer(userId: string, accountId: string, query: NotificationQuery, read: () => Promise<NotificationResponse>): Promise<NotificationResponse> {
    const key = JSON.stringify([userId, accountId, query.type, query.ryg_status ?? null, query.sort ?? null, query.order ?? null, query.take, query.skip]);
    const remembered = this.entries.get(key);
    if (remembered) return remembered;
    const generation = this.generation;
    const answer = await read();
    if (generation === this.generation) this.entries.set(key, answer, this.nowMs() + this.ttlMs);
    return answer;
  }

  /** A task changed: nothing remembered may be used again. */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
