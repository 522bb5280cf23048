import type { DesktopTasks } from '@atrium/sdk';
import type { NotificationCentreModel } from './NotificationCentreModel.js';
import type { TaskClient } from './TaskClient.js';

/**
 * `Desktop.tasks` of the SDK (docs/APPLICATIONS.md, "Work items"): the task
 * calls (over the client, loaded with the first call), the changes the
 * desktop socket brings (and the word that some may have been missed), and the desktop's own comments and snooze dialogs
 * (the notification centre's).
 */
export function desktopTasks(client: () => Promise<TaskClient>, centre: NotificationCentreModel): DesktopTasks {
  return {
    list: async (query) => (await client()).list(query),
    get: async (id) => (await client()).get(id),
    create: async (task) => (await client()).create(task),
    update: async (id, changes) => (await client()).update(id, changes),
    complete: async (id) => (await client()).complete(id),
    snooze: async (id, until) => (await client()).snooze(id, until),
    extend: async (id, until) => (await client()).extend(id, until),
    unsnooze: async (id) => (await client()).unsnooze(id),
    comments: async (id) => (await client()).comments(id),
    addComment: async (id, text) => (await client()).addComment(id, text),
    onChange: (listener) => centre.onTaskChange(listener),
    onResync: (listener) => centre.onResync(listener),
    showComments: (id) => centre.showComments(id),
    showSnooze: (id) => centre.showSnooze(id),
  };
}
