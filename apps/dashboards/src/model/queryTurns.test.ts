import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '@atrium/sdk';
import { DashboardsApi, QUERIES_AT_ONCE, Turns } from './DashboardsApi.js';
import { testServer } from './testServer.js';

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

  it('leave the queue when aborted while waiting for a turn, and give the turn back when aborted while running: the next query runs', async () => {
    const turns = new Turns(1);
    const gates: Array<() => void> = [];
    const ran: string[] = [];
    // Work that runs until released, or rejects as fetch does when its signal is aborted.
    const held = (name: string, signal?: AbortSignal) => () =>
      new Promise<string>((resolve, reject) => {
        ran.push(name);
        gates.push(() => resolve(name));
        signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    const first = new AbortController();
    const second = new AbortController();
    const running = turns.run(held('first', first.signal), first.signal);
    const waiting = turns.run(held('second', second.signal), second.signal);
    const next = turns.run(held('third'));
    await Promise.resolve();
    second.abort();
    expect(isAbortError(await waiting.catch((e: unknown) => e))).toBe(true);
    first.abort();
    expect(isAbortError(await running.catch((e: unknown) => e))).toBe(true);
    await vi.waitFor(() => expect(ran).toEqual(['first', 'third']));
    gates.at(-1)!();
    expect(await next).toBe('third');
    // Already aborted: it never runs.
    await expect(turns.run(held('late', first.signal), first.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(ran).toEqual(['first', 'third']);
  });

  it('abort the request of a query under way, reject with the AbortError (not a failure), and free its turn', async () => {
    const server = testServer();
    const api = new DashboardsApi(server.request);
    server.hold = true;
    const query = { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: [], filters: [], sort: [] };
    const stops = Array.from({ length: QUERIES_AT_ONCE }, () => new AbortController());
    const held = stops.map((stop) => api.query(query, stop.signal));
    await vi.waitFor(() => expect(server.queries).toHaveLength(QUERIES_AT_ONCE));
    stops.forEach((stop) => stop.abort());
    for (const call of held) expect(isAbortError(await call.catch((e: unknown) => e))).toBe(true);
    expect(server.aborted).toHaveLength(QUERIES_AT_ONCE);
    // Every turn is free again: the next queries run and answer.
    server.hold = false;
    const answers = await Promise.all(Array.from({ length: QUERIES_AT_ONCE + 1 }, () => api.query(query)));
    expect(answers.map((a) => a.rows.length)).toEqual(Array.from({ length: QUERIES_AT_ONCE + 1 }, () => 2));
  });

  it('stop waiting to ask again when aborted after a refusal as too many', async () => {
    vi.useFakeTimers();
    let asked = 0;
    const api = new DashboardsApi((() => {
      asked++;
      return Promise.reject({ status: 429, body: { status: 'error', code: 'request.tooMany', message: 'Too many requests, please try again later', retryAfter: 5 } });
    }) as never);
    const stop = new AbortController();
    const result = api.query({ app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: [], filters: [], sort: [] }, stop.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    stop.abort();
    expect(isAbortError(await result)).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toBe(1);
  });
});
