import type { DesktopTasks } from '@atrium/sdk';
import type { Session } from '../auth/Session.js';
import type { Clock } from '../env.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { DesktopSocket } from '../sockets/SocketClient.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import { desktopTasks } from '../work/desktopTasks.js';
import { NotificationCentreModel } from '../work/NotificationCentreModel.js';
import type { TaskClient } from '../work/TaskClient.js';
import type { AppMenuModel } from './AppMenuModel.js';
import type { DesktopUi } from './DesktopUi.js';

export interface DesktopWork {
  /** The panel's notification centre: badge, side panel, work dialogs. */
  work: NotificationCentreModel;
  /** The task calls applications make (Desktop.tasks). */
  tasks: DesktopTasks;
}

/**
 * The notification centre (docs/behaviour/work.md): the user's tasks, live
 * over the desktop socket. The task calls' client loads with the first of
 * them (the badge's count at start), so the shell does not carry it.
 */
export function desktopWork(o: {
  session: Session;
  clock: Clock;
  socket: DesktopSocket | null;
  notifications: NotificationService;
  translate: Translate;
  userId(): string | null;
  /** The application menu (made after the centre), which names an application as the user sees it. */
  appMenu(): AppMenuModel;
}): DesktopWork {
  let taskClient: Promise<TaskClient> | null = null;
  const loadTaskClient = () => (taskClient ??= import('../work/TaskClient.js').then((m) => new m.TaskClient(o.session.api)));
  const work = new NotificationCentreModel({
    client: loadTaskClient,
    clock: o.clock,
    socket: o.socket,
    notify: (note) => o.notifications.create(note),
    translate: o.translate,
    userId: o.userId,
    // As the application menu names it: a package's title in the user's language, or an organisation page's.
    app: (name) => o.appMenu().getState().entries.find((entry) => entry.name === name) ?? null,
  });
  return { work, tasks: desktopTasks(loadTaskClient, work) };
}

/** The notification centre's side panel and the desktop's overlays are never open together; returns the functions that stop it. */
export function keepWorkApartFromOverlays(work: NotificationCentreModel, ui: DesktopUi): Array<() => void> {
  return [ui.subscribe(() => ui.getState().popup !== null && work.close()), work.subscribe(() => work.getState().open && ui.closePopup())];
}
