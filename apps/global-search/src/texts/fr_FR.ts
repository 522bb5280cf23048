import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of GlobalSearch in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
  globalSearchApp: {
    search: { label: 'Texte à rechercher', placeholder: 'Rechercher des applications, des personnes, des fichiers et des commentaires', submit: 'Rechercher' },
    tabs: { label: 'Types de résultats', all: 'Tout', apps: 'Applications', users: 'Utilisateurs', attachments: 'Pièces jointes', comments: 'Commentaires', records: 'Enregistrements' },
    results: 'Résultats pour « {{text}} »',
    loading: 'Recherche en cours…',
    start: 'Saisissez ce que vous cherchez et appuyez sur Entrée.',
    showAll: 'Afficher les {{count}}',
    more: 'Afficher plus',
    moreFailed: "D'autres résultats n'ont pas pu être chargés.",
    empty: {
      title: 'Aucun résultat pour « {{text}} »',
      hint: "Vérifiez l'orthographe, ou essayez d'autres mots ou moins de mots.",
      kind: 'Rien parmi {{kind}} ne correspond à « {{text}} ».',
    },
    error: {
      title: "La recherche n'a pas pu être effectuée",
      hint: 'Vérifiez votre connexion, puis réessayez.',
      retry: 'Réessayer',
      details: 'Détails techniques',
    },
    problem: {
      empty: 'Veuillez saisir un texte à rechercher !',
      special: "L'utilisation de caractères spéciaux n'est pas autorisée !",
    },
    openFailed: "Ce résultat n'a pas pu être ouvert : {{reason}}",
    result: {
      matchedName: 'Le nom correspond',
      matchedContent: 'Le texte correspond',
      task: 'Tâche {{task}} dans {{app}}',
      record: '{{entity}} {{name}} dans {{app}}',
      onRecord: 'Sur {{entity}} « {{title}} » dans {{app}}',
      colour: { RED: 'Rouge', YELLOW: 'Jaune', GREEN: 'Vert', BLUE: 'Bleu' },
    },
  },
};

export default fr_FR;
