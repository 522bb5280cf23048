/**
 * The caller as each domain's service takes it: the filesystem, work items
 * and search keep their own small caller types (the command line builds
 * them too), made here from the request's caller.
 */
import type { SearchCaller } from '../search/SearchService.js';
import type { TaskCaller } from '../tasks/TaskService.js';
import type { VfsCaller } from '../vfs/VfsService.js';
import type { Caller } from './Caller.js';

export function vfsCallerOf(caller: Caller): VfsCaller {
  return { userId: caller.userId, sessionId: caller.sessionId, account: caller.organisation, caller };
}

export function taskCallerOf(caller: Caller): TaskCaller {
  return { userId: caller.userId, name: caller.name, accountId: caller.organisation?.id ?? null };
}

export function searchCallerOf(caller: Caller): SearchCaller {
  return { userId: caller.userId, accountId: caller.organisation?.id ?? null, access: caller };
}
