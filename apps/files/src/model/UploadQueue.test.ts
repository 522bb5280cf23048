import { FileSystemError } from '@atrium/sdk';
import type { WriteOptions } from '@atrium/sdk';
import { describe, expect, it, vi } from 'vitest';
import { testHost, type TestHost } from './testHost.js';
import { UploadQueue, type UploadItem } from './UploadQueue.js';

const file = (name: string, text: string) => new File([text], name, { type: 'text/plain' });
const summary = (items: readonly UploadItem[]) => items.map((i) => `${i.name} ${i.status} ${i.loaded}/${i.total}`);

/** A filesystem whose writefile reports progress in steps the test releases, and stops when aborted. */
function steppedHost(): { host: TestHost; step: () => Promise<void>; signals: AbortSignal[] } {
  const host = testHost();
  const memory = host.files;
  const gates: Array<() => void> = [];
  const signals: AbortSignal[] = [];
  const writefile = memory.writefile.bind(memory);
  memory.writefile = async (path, data, options: WriteOptions = {}) => {
    const total = (data as Blob).size;
    signals.push(options.signal as AbortSignal);
    for (const part of [0.25, 0.5, 1]) {
      await new Promise<void>((resolve, reject) => {
        gates.push(resolve);
        options.signal?.addEventListener('abort', () => reject(new DOMException('The upload was aborted', 'AbortError')));
      });
      options.onProgress?.({ loaded: Math.round(total * part), total });
    }
    return writefile(path, data, { overwrite: options.overwrite });
  };
  const step = async () => {
    for (let i = 0; i < 5 && gates.length === 0; i++) await new Promise((r) => setTimeout(r, 0));
    gates.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { host, step, signals };
}

describe('UploadQueue', () => {
  it('uploads files one after another into the folder, with their progress', async () => {
    const { host, step } = steppedHost();
    const queue = new UploadQueue(host);
    queue.add([file('a.txt', '12345678'), file('b.txt', '1234')], 'home:/Documents');
    expect(summary(queue.getState().items)).toEqual(['a.txt waiting 0/8', 'b.txt waiting 0/4']);
    await step();
    expect(summary(queue.getState().items)).toEqual(['a.txt uploading 2/8', 'b.txt waiting 0/4']);
    await step();
    await step();
    await step();
    expect(summary(queue.getState().items)).toEqual(['a.txt done 8/8', 'b.txt uploading 1/4']);
    await step();
    await step();
    await queue.idle();
    expect(summary(queue.getState().items)).toEqual(['a.txt done 8/8', 'b.txt done 4/4']);
    expect(await host.files.readfile('home:/Documents/a.txt')).toBe('12345678');
    queue.clearFinished();
    expect(queue.getState().items).toEqual([]);
  });

  it('cancels a running upload through its signal (nothing stored) and a waiting one before it starts', async () => {
    const { host, step, signals } = steppedHost();
    const queue = new UploadQueue(host);
    const [a, b] = queue.add([file('a.txt', 'aaaa'), file('b.txt', 'bbbb')], 'home:/');
    await step();
    queue.cancel(b as number);
    queue.cancel(a as number);
    await queue.idle();
    expect(signals[0]?.aborted).toBe(true);
    expect(summary(queue.getState().items)).toEqual(['a.txt cancelled 1/4', 'b.txt cancelled 0/4']);
    expect(await host.files.exists('home:/a.txt')).toBe(false);
    expect(await host.files.exists('home:/b.txt')).toBe(false);
  });

  it('asks before replacing a file of that name: replace, keep both, or skip', async () => {
    const host = testHost();
    const queue = new UploadQueue(host);
    host.answers.push('replace', 'keepBoth', 'skip');
    queue.add([file('todo.txt', 'eggs'), file('todo.txt', 'bread'), file('todo.txt', 'jam')], 'home:/');
    await queue.idle();
    expect(host.asked).toEqual([
      { kind: 'overwrite', message: 'todo.txt' },
      { kind: 'overwrite', message: 'todo.txt' },
      { kind: 'overwrite', message: 'todo.txt' },
    ]);
    expect(summary(queue.getState().items)).toEqual(['todo.txt done 4/4', 'todo (2).txt done 5/5', 'todo.txt skipped 0/3']);
    expect(await host.files.readfile('home:/todo.txt')).toBe('eggs');
    expect(await host.files.readfile('home:/todo (2).txt')).toBe('bread');
  });

  it('shows each failure with the server text and goes on with the next file', async () => {
    const host = testHost();
    const memory = host.files;
    const writefile = memory.writefile.bind(memory);
    memory.writefile = (path, data, options) => (path.endsWith('big.bin') ? Promise.reject(new FileSystemError('tooLarge', { limit: '1.0 GiB' })) : writefile(path, data, options));
    const queue = new UploadQueue(host);
    queue.add([file('big.bin', 'x'), file('bad\u0001name', 'x'), file('ok.txt', 'fine')], 'home:/');
    await queue.idle();
    const [big, bad, ok] = queue.getState().items;
    expect(big).toMatchObject({ status: 'failed', problem: { key: 'vfs.error.tooLarge', params: { limit: '1.0 GiB' }, message: 'The file is larger than the upload limit of 1.0 GiB' } });
    expect(bad).toMatchObject({ status: 'failed', problem: { key: 'vfs.error.invalidName', paramKeys: { rule: 'vfs.nameRule.control' } } });
    expect(ok?.status).toBe('done');
  });

  it('uploads anyway when the existence check fails', async () => {
    const host = testHost();
    host.files.exists = () => Promise.reject(new Error('offline for a moment'));
    const queue = new UploadQueue(host);
    queue.add([file('new.txt', 'n')], 'home:/');
    await queue.idle();
    expect(queue.getState().items[0]?.status).toBe('done');
  });

  it('stops an upload that shows no sign of life, says so, and sends it again on Retry', async () => {
    const host = testHost();
    const memory = host.files;
    const writefile = memory.writefile.bind(memory);
    let calls = 0;
    const signals: AbortSignal[] = [];
    // The first attempt never progresses nor answers (a body the browser never sent); the second goes through.
    memory.writefile = (path, data, options: WriteOptions = {}) => {
      calls += 1;
      signals.push(options.signal as AbortSignal);
      if (calls > 1) return writefile(path, data, { overwrite: options.overwrite });
      return new Promise((_, reject) => options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    };
    const queue = new UploadQueue(host, { stallAfterMs: 20 });
    const [id] = queue.add([file('notes.txt', 'forty bytes of notes, give or take some')], 'home:/');
    await queue.idle();
    expect(signals[0]?.aborted).toBe(true);
    expect(queue.getState().items[0]).toMatchObject({ status: 'failed', problem: { key: 'files.error.stalled', params: { seconds: '0' } } });
    expect(await host.files.exists('home:/notes.txt')).toBe(false);
    queue.retry(id as number);
    expect(queue.getState().items[0]).toMatchObject({ status: 'waiting', loaded: 0, problem: null });
    await queue.idle();
    expect(queue.getState().items[0]?.status).toBe('done');
    expect(await host.files.readfile('home:/notes.txt')).toBe('forty bytes of notes, give or take some');
  });

  it('keeps an upload that progresses slowly going past the stall limit', async () => {
    // On a fake clock: a sign of life every 25 ms, 75 ms in all, past a limit of 40 ms without one (real sleeps
    // of 25 ms overran 40 ms on a busy machine).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { host, step } = steppedHost();
      const queue = new UploadQueue(host, { stallAfterMs: 40 });
      queue.add([file('slow.txt', '12345678')], 'home:/');
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(25);
        // The step waits a turn or a few (timers of 0 ms, which the fake clock runs a millisecond on) for the upload to ask for more.
        let stepped = false;
        void step().then(() => (stepped = true));
        while (!stepped) await vi.advanceTimersByTimeAsync(1);
      }
      await queue.idle();
      expect(summary(queue.getState().items)).toEqual(['slow.txt done 8/8']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again about the name when a failed upload is retried (the failed one may have arrived)', async () => {
    const host = testHost();
    const memory = host.files;
    const writefile = memory.writefile.bind(memory);
    let first = true;
    // The file is stored, but the answer is lost.
    memory.writefile = async (path, data, options) => {
      const entry = await writefile(path, data, options);
      if (first) {
        first = false;
        throw new Error('The connection was lost');
      }
      return entry;
    };
    const queue = new UploadQueue(host);
    const [id] = queue.add([file('report.txt', 'r')], 'home:/');
    await queue.idle();
    expect(queue.getState().items[0]).toMatchObject({ status: 'failed', problem: { key: 'files.error.unexpected' } });
    host.answers.push('replace');
    queue.retry(id as number);
    await queue.idle();
    expect(host.asked).toEqual([{ kind: 'overwrite', message: 'report.txt' }]);
    expect(queue.getState().items[0]?.status).toBe('done');
  });
});
