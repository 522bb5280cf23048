import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of GlobalSearch in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  globalSearchApp: {
    search: { label: 'Iskalno besedilo', placeholder: 'Iščite aplikacije, osebe, datoteke in komentarje', submit: 'Išči' },
    tabs: { label: 'Vrste rezultatov', all: 'Vse', apps: 'Aplikacije', users: 'Uporabniki', attachments: 'Priloge', comments: 'Komentarji', records: 'Zapisi' },
    results: 'Rezultati za »{{text}}«',
    loading: 'Iskanje …',
    start: 'Vpišite, kaj iščete, in pritisnite Enter.',
    showAll: 'Prikaži vseh {{count}}',
    more: 'Prikaži več',
    moreFailed: 'Več rezultatov ni bilo mogoče naložiti.',
    empty: {
      title: 'Za »{{text}}« ni bilo najdeno nič',
      hint: 'Preverite črkovanje ali poskusite z drugimi ali manj besedami.',
      kind: 'Med {{kind}} se z »{{text}}« ne ujema nič.',
    },
    error: {
      title: 'Iskanja ni bilo mogoče izvesti',
      hint: 'Preverite povezavo in poskusite znova.',
      retry: 'Poskusi znova',
      details: 'Tehnične podrobnosti',
    },
    problem: {
      empty: 'Vnesite nekaj za iskanje!',
      special: 'Uporaba posebnih znakov ni dovoljena!',
    },
    openFailed: 'Tega rezultata ni bilo mogoče odpreti: {{reason}}',
    result: {
      matchedName: 'Ujema se ime',
      matchedContent: 'Ujema se besedilo',
      task: 'Naloga {{task}} v {{app}}',
      record: '{{entity}} {{name}} v {{app}}',
      onRecord: 'Pri {{entity}} »{{title}}« v {{app}}',
      colour: { RED: 'Rdeča', YELLOW: 'Rumena', GREEN: 'Zelena', BLUE: 'Modra' },
    },
  },
};

export default sl_SI;
