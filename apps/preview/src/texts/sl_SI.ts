import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preview in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  preview: {
    toolbar: 'Orodna vrstica predogleda',
    previous: 'Prejšnja datoteka',
    next: 'Naslednja datoteka',
    zoomIn: 'Povečaj',
    zoomOut: 'Pomanjšaj',
    fit: 'Prilagodi oknu',
    actualSize: 'Dejanska velikost',
    download: 'Prenesi',
    loading: 'Nalaganje datoteke {{name}} …',
    position: '{{index}} od {{count}}',
    unsupported: 'Predogled ne more prikazati datoteke {{name}}: ni slika, video, zvok ali datoteka PDF.',
    failed: 'Datoteke {{name}} ni bilo mogoče prikazati: morda je poškodovana ali v obliki, ki je ta brskalnik ne zna predvajati.',
    empty: { title: 'Ni česa prikazati', text: 'Odprite sliko, video, zvok ali dokument PDF iz svojih datotek, da ga vidite tukaj.' },
    reopen: { missing: 'Datoteke {{name}} ni več na mestu {{path}}: odkar jo je to okno prikazalo, je bila premaknjena, preimenovana ali izbrisana. Poiščite jo v aplikaciji »Datoteke«, da jo znova odprete.' },
  },
};

export default sl_SI;
