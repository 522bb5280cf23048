import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Viewer in Norwegian (Bokmål): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  viewer: {
    toolbar: 'Verktøylinje for visning',
    reload: 'Last inn på nytt',
    openInNewTab: 'Åpne i ny fane',
    empty: {
      title: 'Ingenting å vise',
      text: 'Visningen viser nettprogrammene i profilen din. Åpne et fra programmenyen.',
    },
  },
};

export default nb_NO;
