import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Viewer in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  viewer: {
    toolbar: 'Orodna vrstica pregledovalnika',
    reload: 'Znova naloži',
    openInNewTab: 'Odpri v novem zavihku',
    empty: {
      title: 'Ni česa prikazati',
      text: 'Pregledovalnik prikazuje spletne aplikacije vašega profila. Odprite eno iz menija aplikacij.',
    },
  },
};

export default sl_SI;
