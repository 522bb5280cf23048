/**
 * Live updates (docs/API.md#websockets): after a change of files, of a
 * task or of records, the users concerned hear of it on their desktop sockets. Who is
 * concerned is a query (membership of the organisation, the task's
 * followers); when it fails it is tried again after a growing wait, and an
 * update given up is logged as an error and counted (SocketStats), never
 * dropped in silence.
 */
import { socketMessages } from '@atrium/shared';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { Log } from '../logger.js';
import type { RecordService } from '../records/RecordService.js';
import type { TaskService } from '../tasks/TaskService.js';
import type { VfsService } from '../vfs/VfsService.js';
import type { OutgoingSocketMessage, SocketHub } from './SocketHub.js';
import type { SocketStats } from './SocketStats.js';

/** How often an audience query is tried, and the wait before the first retry (doubled before each next one). */
export interface LiveUpdateRetry {
  attempts: number;
  firstDelayMs: number;
}

export const DEFAULT_LIVE_UPDATE_RETRY: LiveUpdateRetry = { attempts: 4, firstDelayMs: 100 };

export interface LiveUpdatesDeps {
  vfs: Pick<VfsService, 'onChange'>;
  tasks: Pick<TaskService, 'onChange'>;
  hub: Pick<SocketHub, 'sendToUser' | 'peers'>;
  accounts: Pick<AccountStore, 'isMember'>;
  /** Records of declared applications, and the catalogue grant their audience needs. */
  records?: { service: Pick<RecordService, 'onChange'>; canSeeApp(userId: string, appName: string): Promise<boolean> };
  stats: Pick<SocketStats, 'liveUpdateRetried' | 'liveUpdateFailed'>;
  log: Log;
  retry?: LiveUpdateRetry;
}

/** Sends the live updates of files and tasks to the users concerned; returns the function that stops them. */
export function wireLiveUpdates(deps: LiveUpdatesDeps): () => void {
  const retry = deps.retry ?? DEFAULT_LIVE_UPDATE_RETRY;
  /** Finds the audience (retrying), then sends the message to each of its users. */
  const deliver = (message: OutgoingSocketMessage, audience: () => Promise<Iterable<string>>) =>
    void withRetry(audience, retry, message.name, deps).then(
      (users) => {
        for (const userId of users) deps.hub.sendToUser(userId, message);
      },
      (err: unknown) => {
        deps.stats.liveUpdateFailed();
        deps.log.error({ err, event: 'live-update.failed', message: message.name, attempts: retry.attempts }, 'live update not sent');
      },
    );

  // The users who can see a changed directory: the writer's own files reach their tabs; an organisation's reach its members online.
  const stopFiles = deps.vfs.onChange(({ caller, directories, organisation }) => {
    const message = socketMessages.vfsChanged(directories);
    if (!organisation) {
      if (caller.userId) deps.hub.sendToUser(caller.userId, message);
      return;
    }
    deliver(message, async () => {
      const online = [...new Set(deps.hub.peers().map((p) => p.userId))];
      const members = await Promise.all(online.map(async (userId) => ((await deps.accounts.isMember(userId, organisation)) ? userId : null)));
      return members.filter((userId) => userId !== null);
    });
  });

  // The assignee, the followers (and a previous assignee) and the one who acted hear of a change on every desktop socket of theirs.
  const stopTasks = deps.tasks.onChange(({ reason, task, by, audience }) => {
    deliver(socketMessages.taskChanged({ reason, taskId: task.id, task_name: task.name, appName: task.appName, by }), audience);
  });

  // The members of the organisation online who have the application hear that its records changed; their refetch applies their rights.
  const records = deps.records;
  const stopRecords = records?.service.onChange(({ accountId, app, entity, names, by }) => {
    deliver(socketMessages.recordsChanged({ app, entity, names, by: by.name }), async () => {
      const online = [...new Set(deps.hub.peers().map((p) => p.userId))];
      const audience = await Promise.all(online.map(async (userId) => ((await deps.accounts.isMember(userId, accountId)) && (await records.canSeeApp(userId, app)) ? userId : null)));
      return audience.filter((userId) => userId !== null);
    });
  });

  return () => {
    stopFiles();
    stopTasks();
    stopRecords?.();
  };
}

/** The query's answer, tried up to `attempts` times with a doubling wait; each failure but the last is logged as a warning and counted. */
async function withRetry<T>(query: () => Promise<T>, retry: LiveUpdateRetry, name: string, deps: Pick<LiveUpdatesDeps, 'stats' | 'log'>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await query();
    } catch (err) {
      if (attempt >= retry.attempts) throw err;
      deps.stats.liveUpdateRetried();
      deps.log.warn({ err, event: 'live-update.retry', message: name, attempt }, 'live update audience failed; trying again');
      await new Promise((resolve) => setTimeout(resolve, retry.firstDelayMs * 2 ** (attempt - 1)).unref());
    }
  }
}
