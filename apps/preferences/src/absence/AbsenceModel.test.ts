import type { AbsenceDto } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { AbsenceModel, type AbsenceHost, type Person } from './AbsenceModel.js';

const OLIVIA: Person = { id: 'o', name: 'Olivia Manager' };
const DANA: Person = { id: 'd', name: 'Dana Deputy' };
const ME: Person = { id: 'me', name: 'Liam Worker' };

/** A server holding absences in memory, refusing what the test says; it records the calls. */
function fakeHost(options: { absences?: AbsenceDto[]; refuse?: string; failLoad?: boolean; people?: Person[] } = {}) {
  let absences = [...(options.absences ?? [])];
  const calls: Array<[string, string, unknown]> = [];
  let next = 1;
  const host: AbsenceHost = {
    userId: ME.id,
    async request<T>(method: 'get' | 'post' | 'delete', path: string, body?: unknown): Promise<T> {
      calls.push([method, path, body]);
      if (method === 'get') {
        if (options.failLoad) throw new Error('offline');
        return [...absences] as T;
      }
      if (options.refuse) throw Object.assign(new Error('refused'), { code: options.refuse });
      if (method === 'post') {
        const b = body as { startsOn: string; endsOn: string; delegate: string };
        const person = [OLIVIA, DANA].find((p) => p.id === b.delegate)!;
        const added: AbsenceDto = { id: `a${next++}`, startsOn: b.startsOn, endsOn: b.endsOn, delegate: person };
        absences.push(added);
        return added as T;
      }
      absences = absences.filter((a) => path !== `users/me/absences/${a.id}`);
      return { id: path } as T;
    },
    searchPeople: async (text) => (options.people ?? [OLIVIA, DANA, ME]).filter((p) => p.name.toLowerCase().includes(text.toLowerCase())),
  };
  return { host, calls };
}

describe('AbsenceModel', () => {
  it('lists the absences, then adds one with a delegate found by name, in date order', async () => {
    const later: AbsenceDto = { id: 'x', startsOn: '2026-12-20', endsOn: '2026-12-24', delegate: DANA };
    const { host, calls } = fakeHost({ absences: [later] });
    const model = new AbsenceModel(host);
    expect(model.getState().status).toBe('loading');
    await model.load();
    expect(model.getState()).toMatchObject({ status: 'ready', absences: [later] });
    expect(model.canAdd()).toBe(false);
    model.setStart('2026-12-01');
    // A single day until the end is moved.
    expect(model.getState().draft).toMatchObject({ startsOn: '2026-12-01', endsOn: '2026-12-01' });
    model.setEnd('2026-12-05');
    await model.search('oli');
    expect(model.getState().people).toEqual([OLIVIA]);
    model.chooseDelegate(OLIVIA);
    expect(model.canAdd()).toBe(true);
    expect(await model.add()).toBe(true);
    expect(calls.at(-1)).toEqual(['post', 'users/me/absences', { startsOn: '2026-12-01', endsOn: '2026-12-05', delegate: 'o' }]);
    expect(model.getState().absences.map((a) => a.startsOn)).toEqual(['2026-12-01', '2026-12-20']);
    expect(model.getState().draft).toEqual({ startsOn: '', endsOn: '', delegate: null });
    expect(model.getState().added).toBe(1);
  });

  it('never offers the user as their own delegate', async () => {
    const model = new AbsenceModel(fakeHost().host);
    await model.search('a');
    expect(model.getState().people.map((p) => p.id)).toEqual(['o', 'd']);
    await model.search('  ');
    expect(model.getState().people).toEqual([]);
  });

  it('keeps an end before the start from the server, and moves the end along with a later start', async () => {
    const { host, calls } = fakeHost();
    const model = new AbsenceModel(host);
    model.setStart('2026-12-10');
    model.setEnd('2026-12-12');
    model.setStart('2026-12-15');
    expect(model.getState().draft.endsOn).toBe('2026-12-15');
    model.setEnd('2026-12-14');
    model.chooseDelegate(DANA);
    expect(await model.add()).toBe(false);
    expect(model.getState().problem).toBe('endBeforeStart');
    expect(calls).toEqual([]);
  });

  it('shows the server’s reason for a refusal and keeps the draft', async () => {
    const model = new AbsenceModel(fakeHost({ refuse: 'absences.overlaps' }).host);
    model.setStart('2026-12-01');
    model.chooseDelegate(DANA);
    expect(await model.add()).toBe(false);
    expect(model.getState()).toMatchObject({ problem: 'overlaps', saving: false, draft: { startsOn: '2026-12-01', delegate: DANA } });
    // Changing the draft clears it.
    model.setEnd('2026-12-02');
    expect(model.getState().problem).toBeNull();
    const failing = new AbsenceModel(fakeHost({ refuse: 'request.invalid' }).host);
    failing.setStart('2026-12-01');
    failing.chooseDelegate(DANA);
    await failing.add();
    expect(failing.getState().problem).toBe('failed');
  });

  it('removes an absence, and forgets one already gone', async () => {
    const a: AbsenceDto = { id: 'a', startsOn: '2026-12-01', endsOn: '2026-12-02', delegate: DANA };
    const { host, calls } = fakeHost({ absences: [a] });
    const model = new AbsenceModel(host);
    await model.load();
    await model.remove('a');
    expect(calls.at(-1)).toEqual(['delete', 'users/me/absences/a', undefined]);
    expect(model.getState().absences).toEqual([]);
    const gone = new AbsenceModel(fakeHost({ absences: [a], refuse: 'absences.notFound' }).host);
    await gone.load();
    await gone.remove('a');
    expect(gone.getState()).toMatchObject({ absences: [], problem: null, removing: null });
  });

  it('says when the absences cannot be loaded', async () => {
    const model = new AbsenceModel(fakeHost({ failLoad: true }).host);
    await model.load();
    expect(model.getState().status).toBe('failed');
  });
});
