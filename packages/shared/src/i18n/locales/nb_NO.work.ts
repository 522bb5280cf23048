import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.work.js';

/** The texts of the work items and global search (a catalogue part loaded when first needed, beside nb_NO.desktop.ts). */
export const nb_NO: CatalogueShape<typeof en_EN> = {
  work: {
    views: {
      assignments: 'Mine prioriteringer',
      followups: 'Min oppfølging',
      snoozed: 'Mine utsatte elementer',
    },
  },
  globalSearch: {
    title: 'Hva leter du etter?',
    input: 'Søketekst',
    placeholder: 'Søk etter apper, personer, filer og kommentarer',
    submit: 'Søk',
    close: 'Lukk søket',
    filters: 'Søk i',
    filter: {
      apps: 'Apper',
      users: 'Brukere',
      attachments: 'Vedlegg',
      comments: 'Kommentarer',
    },
    recent: 'Nylige',
    noRecent: 'De siste søkene dine vises her.',
    problem: {
      empty: 'Skriv inn noe å søke etter!',
      special: 'Spesialtegn er ikke tillatt!',
    },
  },
};
