/**
 * Turns on the embedded database's connection (db/DatabaseTurns.ts): one
 * unit of work at a time; ordinary calls keep most turns while costly work
 * waits, and costly work is never starved.
 */
import { describe, expect, it } from 'vitest';
import { DatabaseTurns, runAsCostly, workClass } from '../../src/db/DatabaseTurns.js';

/** A unit of work that records its start and ends when told to. */
function unit(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (log.push(name), done), finish: () => finish() };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns on the database connection', () => {
  it('runs one unit at a time, in the order they came within a class', async () => {
    const turns = new DatabaseTurns();
    const log: string[] = [];
    const a = unit(log, 'a');
    const b = unit(log, 'b');
    const c = unit(log, 'c');
    const runs = [turns.run(a.work, 'ordinary'), turns.run(b.work, 'ordinary'), turns.run(c.work, 'ordinary')];
    await settle();
    expect(log).toEqual(['a']);
    a.finish();
    await settle();
    expect(log).toEqual(['a', 'b']);
    b.finish();
    await settle();
    c.finish();
    await Promise.all(runs);
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('gives ordinary calls four turns for each costly one while both wait', async () => {
    const turns = new DatabaseTurns(4);
    const log: string[] = [];
    const units: Array<ReturnType<typeof unit>> = [];
    const runs: Array<Promise<void>> = [];
    const add = (name: string, kind: 'ordinary' | 'costly') => {
      const u = unit(log, name);
      units.push(u);
      runs.push(turns.run(u.work, kind));
    };
    // A costly unit holds the connection; six more costly ones and ten ordinary ones queue behind it.
    add('S0', 'costly');
    for (let i = 1; i <= 6; i++) add(`S${i}`, 'costly');
    for (let i = 1; i <= 10; i++) add(`o${i}`, 'ordinary');
    for (let i = 0; i < units.length; i++) {
      await settle();
      for (const u of units) u.finish();
    }
    await Promise.all(runs);
    expect(log).toEqual(['S0', 'o1', 'o2', 'o3', 'o4', 'S1', 'o5', 'o6', 'o7', 'o8', 'S2', 'o9', 'o10', 'S3', 'S4', 'S5', 'S6']);
  });

  it('frees the connection for the next unit when one fails', async () => {
    const turns = new DatabaseTurns();
    const failing = turns.run(() => Promise.reject(new Error('refused')));
    const next = turns.run(() => Promise.resolve('answered'));
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('answered');
    expect(turns.stats()).toEqual({ ordinary: 0, costly: 0 });
  });

  it('takes the class of the work from where it was started', async () => {
    expect(workClass()).toBe('ordinary');
    const inside = await runAsCostly(async () => {
      await settle();
      return workClass();
    });
    expect(inside).toBe('costly');
    expect(workClass()).toBe('ordinary');
  });
});
