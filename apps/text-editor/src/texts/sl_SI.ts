import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Text Editor in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  textEditor: {
    untitled: 'Brez naslova',
    toolbar: 'Orodna vrstica urejevalnika besedil',
    new: 'Nov',
    open: 'Odpri …',
    save: 'Shrani',
    saveAs: 'Shrani kot …',
    wrap: 'Prelomi dolge vrstice',
    content: 'Besedilo datoteke {{name}}',
    status: 'Stanje dokumenta',
    modified: 'Spremenjeno',
    position: 'Vr. {{line}}, st. {{column}}',
    loading: 'Odpiranje …',
    saving: 'Shranjevanje …',
    dismiss: 'Zapri',
    download: 'Prenesi',
    tooLarge: { title: 'Datoteka {{name}} je prevelika za urejanje', text: 'Urejevalnik besedil odpre datoteke do {{limit}}; ta ima {{size}}. Namesto tega jo lahko prenesete.' },
    unsaved: { title: 'Neshranjene spremembe', message: 'Ali želite shraniti spremembe datoteke {{name}}?', save: 'Shrani', discard: 'Zavrzi' },
    reopen: {
      title: 'Datoteke {{name}} ni bilo mogoče znova odpreti',
      missing: 'Datoteke ni več na mestu {{path}}: odkar jo je to okno prikazalo, je bila premaknjena, preimenovana ali izbrisana. Odprite jo na novem mestu z ukazom »Odpri …« ali zaprite to okno.',
      unsaved: 'Spremembe datoteke {{name}}, ki pred zapustitvijo strani niso bile shranjene, niso ohranjene: to je datoteka, kot je bila nazadnje shranjena.',
      draftLost: { title: 'Nov dokument ni bil ohranjen', message: 'Njegovo besedilo ni bilo nikoli shranjeno v datoteko, zato se po zapustitvi strani ni moglo vrniti.' },
    },
  },
};

export default sl_SI;
