import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.work.js';

/** The texts of the work items and global search (a catalogue part loaded when first needed, beside sl_SI.desktop.ts). */
export const sl_SI: CatalogueShape<typeof en_EN> = {
  work: {
    views: {
      assignments: 'Moje prioritete',
      followups: 'Moje spremljanje',
      snoozed: 'Moji odloženi elementi',
    },
  },
  globalSearch: {
    title: 'Kaj iščete?',
    input: 'Iskalno besedilo',
    placeholder: 'Iščite aplikacije, osebe, datoteke in komentarje',
    submit: 'Išči',
    close: 'Zapri iskanje',
    filters: 'Išči v',
    filter: {
      apps: 'Aplikacije',
      users: 'Uporabniki',
      attachments: 'Priloge',
      comments: 'Komentarji',
    },
    recent: 'Nedavno',
    noRecent: 'Tu se bodo prikazala vaša nedavna iskanja.',
    problem: {
      empty: 'Vnesite nekaj za iskanje!',
      special: 'Uporaba posebnih znakov ni dovoljena!',
    },
  },
};
