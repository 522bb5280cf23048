/**
 * The generic viewer: profile apps with is_base_app and app_type 2 open
 * here (docs/behaviour/applications.md#viewer-apps). args.app names the profile app; its address and title are read from
 * the profile, never from the arguments; args.taskId (a work item's Edit) is passed to the page as
 * `#task=<id>` on its address.
 */
import { reactContent } from '@atrium/app-kit';
import { defineApplication } from '@atrium/sdk';
import { atTask, profileWebApp } from './profileWebApp.js';
import { ViewerView } from './ViewerView.js';
import { VIEWER_TEXTS } from './texts.js';

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await VIEWER_TEXTS.install(app.desktop);
  const pageIn = (locale: string) => profileWebApp(app.desktop.profileApps(), app.args.app, locale);
  const target = atTask(pageIn(app.desktop.locale), app.args.taskId);
  app.createWindow({
    id: 'viewer',
    // The page's title in the current language, also after a language switch (docs/behaviour/windows.md#title).
    title: () => pageIn(app.desktop.locale)?.title ?? app.title,
    // The page's own icon in the window list and the title bar, so that pages tell apart (docs/behaviour/applications.md#icons-of-organisation-pages).
    icon: target?.icon ?? app.metadata.icon ?? null,
    dimension: { width: 960, height: 640 },
    attributes: { minDimension: { width: 320, height: 240 }, clamp: true },
    render: reactContent(<ViewerView target={target} titleIn={(language) => pageIn(language)?.title} />),
  });
});
