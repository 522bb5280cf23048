import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.work.js';

/** The texts of the work items and global search (a catalogue part loaded when first needed, beside de_DE.desktop.ts). */
export const de_DE: CatalogueShape<typeof en_EN> = {
  work: {
    views: {
      assignments: 'Meine Prioritäten',
      followups: 'Meine Nachverfolgung',
      snoozed: 'Meine zurückgestellten Elemente',
    },
  },
  globalSearch: {
    title: 'Wonach suchen Sie?',
    input: 'Suchtext',
    placeholder: 'Anwendungen, Personen, Dateien und Kommentare suchen',
    submit: 'Suchen',
    close: 'Suche schließen',
    filters: 'Suchen in',
    filter: {
      apps: 'Anwendungen',
      users: 'Benutzer',
      attachments: 'Anhänge',
      comments: 'Kommentare',
    },
    recent: 'Zuletzt gesucht',
    noRecent: 'Ihre letzten Suchen erscheinen hier.',
    problem: {
      empty: 'Bitte geben Sie einen Suchbegriff ein!',
      special: 'Sonderzeichen sind nicht erlaubt!',
    },
  },
};
