/**
 * Preferences (Edit Preferences opens it, docs/behaviour/applications.md#built-in-applications): one window with the
 * desktop's settings in sections. Every control changes its setting at once
 * through app.desktop.settings (applied live; the store saves debounced).
 */
import { reactContent } from '@atrium/app-kit';
import { defineApplication } from '@atrium/sdk';
import { PreferencesView } from './PreferencesView.js';
import { PREFERENCES_TEXTS } from './texts.js';

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await PREFERENCES_TEXTS.install(app.desktop);
  app.createWindow({
    id: 'preferences',
    icon: app.metadata.icon ?? null,
    // Tall enough for the whole wallpaper grid of Appearance, its first section, on a 1280 x 720 screen.
    dimension: { width: 680, height: 600 },
    // Fits into small screens (a phone gets the whole width).
    attributes: { minDimension: { width: 320, height: 300 }, clamp: true },
    render: reactContent(<PreferencesView app={app} />),
  });
});
