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
  },
};
