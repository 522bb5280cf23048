import type { DesktopTasks } from '@atrium/sdk';
import type { NotificationCentreModel } from './NotificationCentreModel.js';
import type { TaskClient } from './TaskClient.js';

/**
 * `Desktop.tasks` of the SDK (docs/APPLICATIONS.md, "Work items"): the task
 * calls, the changes the desktop socket brings, and the desktop's own
 * comments and snooze dialogs (the notification centre's).
 */
export function desktopTasks(client: TaskClient, centre: NotificationCentreModel): DesktopTasks {
  return {
    list: (query) => client.list(query),
    get: (id) => client.get(id),
    create: (task) => client.create(task),
    update: (id, changes) => client.update(id, changes),
    complete: (id) => client.complete(id),
    snooze: (id, until) => client.snooze(id, until),
    extend: (id, until) => client.extend(id, until),
    unsnooze: (id) => client.unsnooze(id),
    comments: (id) => client.comments(id),
    addComment: (id, text) => client.addComment(id, text),
    onChange: (listener) => centre.onTaskChange(listener),
    showComments: (id) => centre.showComments(id),
    showSnooze: (id) => centre.showSnooze(id),
  };
}
