import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardsApi, QUERIES_AT_ONCE, Turns } from './DashboardsApi.js';

afterEach(() => vi.useRealTimers());

describe("a dashboard's queries", () => {
  it('go a few at a time, so that a dashboard of many widgets stays under the server limit of costly calls', async () => {
    const turns = new Turns(2);
    let running = 0;
    let most = 0;
    const work = () =>
      turns.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return running;
      });
    await Promise.all(Array.from({ length: 8 }, work));
    expect(most).toBe(2);
    expect(QUERIES_AT_ONCE).toBeLessThan(4);
  });

  it('ask again, after the time the server names, a query refused as too many', async () => {
    vi.useFakeTimers();
    const answers: unknown[] = [
      Promise.reject({ status: 429, body: { status: 'error', code: 'request.tooMany', message: 'Too many requests, please try again later', retryAfter: 2 } }),
      Promise.resolve({ status: 'success', data: { columns: [], rows: [], truncated: false, people: {}, links: {}, readAt: '2026-11-27T10:00:00Z' } }),
    ];
    for (const a of answers) (a as Promise<unknown>).catch(() => undefined);
    const asked: number[] = [];
    const api = new DashboardsApi(((..._args: unknown[]) => (asked.push(Date.now()), answers.shift())) as never);
    const result = api.query({ app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: [], filters: [], sort: [] });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).readAt).toBe('2026-11-27T10:00:00Z');
    expect(asked).toHaveLength(2);
  });
});
