import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Priorities in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
  priorities: {
    views: {
      label: 'Vues',
      assignments: 'Mes priorités',
      followups: 'Mon suivi',
      snoozed: 'Mes éléments reportés',
    },
    colour: { RED: 'Rouge', YELLOW: 'Jaune', GREEN: 'Vert', BLUE: 'Bleu' },
    meaning: { RED: 'En retard', YELLOW: 'Bientôt dû', GREEN: 'Dans les temps', BLUE: 'Sans date de fin' },
    filter: {
      label: 'Filtrer par couleur',
      all: 'Toutes',
    },
    sort: {
      label: 'Trier par',
      end_date: 'Date de fin',
      status: 'Statut',
      asc: 'Croissant',
      desc: 'Décroissant',
      order: 'Ordre de tri : {{order}}',
    },
    columns: {
      status: 'Statut',
      task: 'Tâche',
      application: 'Application',
      assignee: 'Responsable',
      creator: 'Créée par',
      endDate: 'Date de fin',
      snoozedUntil: 'Reporté jusqu’au',
      comments: 'Commentaires',
      actions: 'Actions',
    },
    task: {
      delegatedBy: 'Délégué par {{name}}',
      noEndDate: 'Sans date de fin',
      comments: 'Commentaires : {{count}}',
      completed: 'Terminée',
    },
    actions: {
      edit: 'Modifier',
      comments: 'Commentaires',
      snooze: 'Reporter',
      manage: 'Réactiver ou prolonger',
      complete: 'Terminer',
      snoozeOff: 'Seul le responsable peut reporter, et seulement les tâches vertes dont la date de fin n’est pas passée',
      completeOff: 'Seul le créateur ou le responsable peut terminer cette tâche',
    },
    list: {
      loading: 'Chargement des tâches…',
      empty: 'Rien ici. Vous avez terminé pour aujourd’hui !',
      emptyFiltered: 'Aucune tâche {{colour}} ici.',
      showAll: 'Afficher toutes les couleurs',
    },
    paging: {
      label: 'Pages',
      showing: '{{from}}–{{to}} sur {{total}}',
      page: 'Page {{page}} sur {{pages}}',
      first: 'Première page',
      previous: 'Page précédente',
      next: 'Page suivante',
      last: 'Dernière page',
    },
    failed: {
      title: 'Vos tâches n’ont pas pu être chargées',
      retry: 'Réessayer',
      details: 'Détails',
    },
    reason: {
      unreachable: 'Le serveur est injoignable. Vérifiez votre connexion, puis réessayez.',
      taskNotFound: 'La tâche n’existe plus, ou vous ne pouvez plus la voir.',
      taskNotEditable: 'Seul le créateur ou le responsable peut modifier cette tâche.',
      other: 'Le serveur n’a pas pu répondre comme prévu. Réessayez dans un instant ; si cela se reproduit, transmettez les détails à votre administrateur.',
    },
    highlight: {
      title: 'La tâche ouverte',
      loading: 'Chargement de la tâche…',
      missing: 'Cette tâche n’existe plus, ou vous ne pouvez pas la voir.',
      close: 'Fermer',
    },
    notice: {
      completed: '« {{name}} » est terminée.',
      reopened: '« {{name}} » est de nouveau ouverte.',
      failed: '« {{name}} » n’a pas pu être modifiée : {{reason}}',
      undo: 'Annuler',
      dismiss: 'Masquer',
    },
  },
};

export default fr_FR;
