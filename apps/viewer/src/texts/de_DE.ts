import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Viewer in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  viewer: {
    toolbar: 'Symbolleiste der Anzeige',
    reload: 'Neu laden',
    openInNewTab: 'In neuem Tab öffnen',
    empty: {
      title: 'Nichts anzuzeigen',
      text: 'Die Anzeige zeigt die Webanwendungen Ihres Profils. Öffnen Sie eine über das Anwendungsmenü.',
    },
  },
};

export default de_DE;
