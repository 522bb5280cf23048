import type { NotificationQuery, NotificationResponse } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { NotificationAnswers } from '../../src/tasks/NotificationAnswers.js';

const query: NotificationQuery = { type: 'assignments', take: 5, skip: 0 };
const answerWith = (total: number): NotificationResponse => ({ data: [], ryg_count: { red: total, yellow: 0, green: 0, blue: 0 }, id: 'u-1', total });

/** Answers over a counted read whose total is the number of reads so far, on a clock moved by hand. */
function setup() {
  let now = 0;
  let reads = 0;
  const answers = new NotificationAnswers(1000, () => now);
  const ask = (userId = 'u-1', q: NotificationQuery = query) => answers.answer(userId, 'org-1', q, async () => answerWith(++reads));
  return { answers, ask, reads: () => reads, advance: (ms: number) => (now += ms) };
}

describe("the notification centre's remembered answers", () => {
  it('answer the same question of the same user from memory for a second', async () => {
    const s = setup();
    expect((await s.ask()).total).toBe(1);
    s.advance(999);
    expect((await s.ask()).total).toBe(1);
    s.advance(1);
    expect((await s.ask()).total).toBe(2);
  });

  it('are not shared between users, pages, views or colours', async () => {
    const s = setup();
    await s.ask();
    await s.ask('u-2');
    await s.ask('u-1', { ...query, skip: 5 });
    await s.ask('u-1', { ...query, type: 'followups' });
    await s.ask('u-1', { ...query, ryg_status: 'RED' });
    expect(s.reads()).toBe(5);
  });

  it('are forgotten at once when a task changes', async () => {
    const s = setup();
    await s.ask();
    s.answers.forgetAll();
    expect((await s.ask()).total).toBe(2);
  });

  it('read while a task changes are used once, not remembered', async () => {
    let release!: () => void;
    const answers = new NotificationAnswers(1000, () => 0);
    const pending = answers.answer('u-1', 'org-1', query, () => new Promise((resolve) => (release = () => resolve(answerWith(1)))));
    answers.forgetAll();
    release();
    expect((await pending).total).toBe(1);
    expect((await answers.answer('u-1', 'org-1', query, async () => answerWith(2))).total).toBe(2);
  });
});
