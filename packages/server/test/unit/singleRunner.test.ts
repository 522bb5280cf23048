import { describe, expect, it } from 'vitest';
import { jobLockKey } from '../../src/db/PgSingleRunner.js';
import { LocalSingleRunner } from '../../src/db/SingleRunner.js';
import { gate } from '../helpers/gate.js';

describe('a job run alone within one server (the embedded database)', () => {
  it('runs the waiting runs one after the other, in the order they came, and skips while any is under way', async () => {
    const runner = new LocalSingleRunner();
    const held = gate();
    const order: string[] = [];
    let active = 0;
    const job = (who: string) => async () => {
      active++;
      expect(active).toBe(1);
      order.push(who);
      if (who === 'first') await held.promise;
      await Promise.resolve();
      active--;
    };
    const runs = [runner.runAlone('migrations', job('first'), { whenBusy: 'wait' })];
    runs.push(runner.runAlone('migrations', job('second'), { whenBusy: 'wait' }), runner.runAlone('migrations', job('third'), { whenBusy: 'wait' }));
    expect(await runner.runAlone('migrations', job('skipper'), { whenBusy: 'skip' })).toBe(false);
    held.open();
    expect(await Promise.all(runs)).toEqual([true, true, true]);
    expect(order).toEqual(['first', 'second', 'third']);
    // Nothing under way any more: a run that skips when busy runs.
    expect(await runner.runAlone('migrations', job('last'), { whenBusy: 'skip' })).toBe(true);
  });

  it('frees the job when it throws, even synchronously', async () => {
    const runner = new LocalSingleRunner();
    await expect(
      runner.runAlone(
        'broken',
        () => {
          throw new Error('at once');
        },
        { whenBusy: 'skip' },
      ),
    ).rejects.toThrow('at once');
    expect(await runner.runAlone('broken', async () => undefined, { whenBusy: 'skip' })).toBe(true);
  });
});

describe('the lock key of a job on PostgreSQL', () => {
  it('is the same for the same name on every server, differs between names, and is a signed 64-bit integer', () => {
    const names = ['migrations', 'demo.seed', 'vfs.sweep', 'resources.prepare', 'vfs.indexContents', 'vfs.analyze', 'housekeeping'];
    const keys = names.map(jobLockKey);
    expect(names.map(jobLockKey)).toEqual(keys);
    expect(new Set(keys).size).toBe(names.length);
    for (const key of keys) {
      expect(BigInt(key) >= -(2n ** 63n) && BigInt(key) < 2n ** 63n).toBe(true);
      expect(BigInt(key).toString()).toBe(key);
    }
  });
});
