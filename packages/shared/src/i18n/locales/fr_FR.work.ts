import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.work.js';

/** The texts of the work items and global search (a catalogue part loaded when first needed, beside fr_FR.desktop.ts). */
export const fr_FR: CatalogueShape<typeof en_EN> = {
  work: {
    views: {
      assignments: 'Mes priorités',
      followups: 'Mon suivi',
      snoozed: 'Mes éléments reportés',
    },
  },
  globalSearch: {
    title: 'Que recherchez-vous ?',
    input: 'Texte à rechercher',
    placeholder: 'Rechercher des applications, des personnes, des fichiers et des commentaires',
    submit: 'Rechercher',
    close: 'Fermer la recherche',
    filters: 'Rechercher dans',
    filter: {
      apps: 'Applications',
      users: 'Utilisateurs',
      attachments: 'Pièces jointes',
      comments: 'Commentaires',
    },
    recent: 'Récentes',
    noRecent: 'Vos recherches récentes apparaîtront ici.',
    problem: {
      empty: 'Veuillez saisir un texte à rechercher !',
      special: "L'utilisation de caractères spéciaux n'est pas autorisée !",
    },
  },
};
