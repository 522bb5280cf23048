/**
 * The Attachments kind of global search asks for the files of records only
 * while their mountpoint is enabled (docs/behaviour/search.md#rights): an
 * operator who disables `records` makes them unreadable, so they are not
 * found either. The search store is scripted here; what it finds within
 * the rights is tested against the database in test/api/recordFileSearch.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/access/Caller.js';
import type { RecordSearchTarget } from '../../src/records/RecordService.js';
import { SearchService, type SearchServiceDeps } from '../../src/search/SearchService.js';
import type { RecordFileHit, SearchStore } from '../../src/search/SearchStore.js';
import { BUILTIN_MOUNTS, RECORDS_MOUNT } from '../../src/vfs/mounts.js';

const caller = { userId: 'u1', accountId: 'org1', access: { userId: 'u1', organisation: { id: 'org1', name: 'Org' } } as Caller };
const target = { app: 'Claims', appLabel: { en_EN: 'Claims' }, entity: 'request', entityLabel: { en_EN: 'Request' }, files: [{ key: 'papers' }] } as unknown as RecordSearchTarget;
const hit: RecordFileHit = { target: 0, id: 'f1', mount: RECORDS_MOUNT, name: 'quokka.txt', mime: 'text/plain', size: 3, inName: true, recordName: 'LR-1', recordTitle: 'Trip', titleSeen: true };

function service(recordsEnabled: boolean, asked: string[]): SearchService {
  const empty = { count: 0, items: [] };
  const store = {
    files: async () => empty,
    recordFiles: async (accountId: string) => {
      asked.push(accountId);
      return { count: 1, items: [hit] };
    },
    contentSnippets: async () => new Map(),
  } as unknown as SearchStore;
  const deps = {
    store,
    vfs: { pathsOf: async () => new Map() },
    mounts: BUILTIN_MOUNTS.map((m) => (m.name === RECORDS_MOUNT ? { ...m, enabled: recordsEnabled } : m)),
    records: { searchTargets: async () => [target] },
  } as unknown as SearchServiceDeps;
  return new SearchService(deps);
}

describe('files of records in global search', () => {
  it('finds them, each naming its record, while the records mountpoint is enabled', async () => {
    const asked: string[] = [];
    const answer = await service(true, asked).search(caller, { q: 'quokka', filter: 'attachments', take: 20, skip: 0 });
    expect(asked).toEqual(['org1']);
    expect(answer.attachments.items).toEqual([expect.objectContaining({ path: 'records:/Claims/LR-1/quokka.txt', record: expect.objectContaining({ app: 'Claims', name: 'LR-1', title: 'Trip' }) })]);
  });

  it('does not look for them once an operator disabled the mountpoint', async () => {
    const asked: string[] = [];
    const answer = await service(false, asked).search(caller, { q: 'quokka', filter: 'attachments', take: 20, skip: 0 });
    expect(asked).toEqual([]);
    expect(answer.attachments).toEqual({ count: 0, items: [] });
  });
});
