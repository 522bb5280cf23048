/**
 * Priorities (docs/behaviour/work.md#priorities-application): every task of
 * the user in the active organisation, in the notification centre's three
 * views, filtered by colour, sorted by end date or status, a page at a
 * time, with Edit, Comments, Snooze and Complete. A framework-free model
 * (model/PrioritiesModel.ts) holds the rules over the desktop's tasks
 * (app.desktop.tasks); the React views render it. Launched with `taskId`
 * it shows that task (and its comments with `show: 'comments'`); a second
 * launch brings the window forward and applies its arguments.
 */
import { reactContent } from '@atrium/app-kit';
import { defineApplication, type Application } from '@atrium/sdk';
import { profileAppTitle } from '@atrium/shared';
import { PrioritiesModel } from './model/PrioritiesModel.js';
import { PrioritiesView } from './views/PrioritiesView.js';
import { PRIORITIES_TEXTS } from './texts.js';
import './Priorities.css';

/** The task a launch asks for: `taskId` (and `show`) of the arguments, else of the page address (`/?app=Priorities&taskId=...`). */
export function requestedTask(args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, unknown>> = {}): { taskId: string; show?: string } | null {
  const source = typeof args.taskId === 'string' ? args : options;
  if (typeof source.taskId !== 'string' || source.taskId === '') return null;
  return typeof source.show === 'string' ? { taskId: source.taskId, show: source.show } : { taskId: source.taskId };
}

/** An application's title in the user's language: its package's, else the one its profile entry gives, else its name. */
function titleOf(app: Application): (name: string) => string {
  return (name) => {
    const pkg = app.desktop.packages('application').find((p) => p.name === name);
    if (pkg?.title) return pkg.title;
    const entry = app.desktop.profileApps().find((p) => p.name === name);
    return (entry && profileAppTitle(entry, app.desktop.locale)) || name;
  };
}

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await PRIORITIES_TEXTS.install(app.desktop);
  const model = new PrioritiesModel({
    tasks: app.desktop.tasks,
    launch: (request) => app.desktop.launch(request),
    userId: () => app.desktop.user.id,
    now: () => Date.now(),
    preferences: app.settings,
  });
  const window = app.createWindow({
    id: 'priorities',
    icon: app.metadata.icon ?? null,
    dimension: { width: 980, height: 620 },
    // Fits into small screens (a phone gets the whole width; the rows stack).
    attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
    render: reactContent(<PrioritiesView model={model} appTitle={titleOf(app)} />),
  });
  const show = (args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, unknown>> = {}) => {
    const request = requestedTask(args, options);
    if (request) void model.open(request.taskId, request.show);
  };
  // Launched again (a singleton): to the front, at the task asked for.
  app.on('attention', (payload) => {
    window.focus();
    const { args = {}, options = {} } = (payload ?? {}) as { args?: Record<string, unknown>; options?: Record<string, unknown> };
    show(args, options);
  });
  app.on('destroy', () => model.dispose());
  void model.start();
  show(app.args, app.options as Record<string, unknown>);
});
