import type { TextsShape } from '@atrium/sdk';
import editor from '../views/editor/texts/fr_FR.js';
import type { en_EN } from './en_EN.js';

/** The texts of Dashboards in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
  dashboards: {
    list: {
      heading: 'Tableaux de bord',
      loading: 'Chargement des tableaux de bord…',
      empty: 'Aucun tableau de bord n’est encore partagé avec vous.',
      failed: 'Les tableaux de bord n’ont pas pu être chargés',
      widgets: 'Éléments : {{count}}',
      owner: 'Propriétaire : {{name}}',
      open: 'Ouvrir {{title}}',
      refresh: 'Actualiser',
      new: 'Nouveau tableau de bord',
      sharing: {
        private: 'Le propriétaire seul',
        organisation: 'Toute l’organisation',
        role: 'Rôle {{role}} de {{app}}',
      },
    },
    dashboard: {
      loading: 'Chargement du tableau de bord…',
      failed: 'Le tableau de bord n’a pas pu être ouvert',
      back: 'Tous les tableaux de bord',
      edit: 'Modifier',
      refresh: 'Actualiser',
      widgets: 'Éléments',
    },
    range: {
      label: 'Période',
      all: 'Toute la période',
      last7Days: '7 derniers jours',
      last30Days: '30 derniers jours',
      last90Days: '90 derniers jours',
      thisMonth: 'Ce mois-ci',
      thisQuarter: 'Ce trimestre',
      thisYear: 'Cette année',
      last12Months: '12 derniers mois',
      custom: 'Jours choisis',
      from: 'Du',
      to: 'Au',
    },
    filters: {
      any: 'Tous',
      applied: 'Filtres appliqués',
      remove: 'Retirer le filtre {{filter}}',
      chip: '{{dimension}} : {{value}}',
    },
    widget: {
      loading: 'Chargement des chiffres…',
      cancel: 'Annuler',
      empty: 'Aucune donnée pour ces filtres',
      truncated: 'Affichage des {{count}} premières lignes',
      failed: 'Les chiffres n’ont pas pu être chargés',
      timedOutTitle: 'Le calcul a pris trop de temps',
      timedOut: 'Le calcul des chiffres a pris trop de temps et a été arrêté. Restreignez les filtres ou la période, puis réessayez.',
      cancelled: 'Le chargement a été arrêté.',
      retry: 'Réessayer',
      details: 'Détails techniques',
      showData: 'Afficher les données',
      showChart: 'Afficher le graphique',
      breadcrumb: 'Chemin d’exploration de {{title}}',
      chart: 'Graphique : {{title}}',
      drillHint: 'Cliquez sur un élément, ou appuyez sur Entrée sur une ligne, pour explorer le détail',
      filterHint: 'Cliquez sur un élément, ou appuyez sur Entrée sur une ligne, pour filtrer les autres éléments',
    },
    kpi: {
      up: 'En hausse de {{percent}} par rapport à la période précédente',
      down: 'En baisse de {{percent}} par rapport à la période précédente',
      same: 'Inchangé par rapport à la période précédente',
      band: {
        red: 'Rouge : à traiter',
        yellow: 'Jaune : à surveiller',
        green: 'Vert : conforme',
      },
    },
    table: {
      sortBy: 'Trier par {{column}}',
      record: { name: 'Enregistrement', title: 'Titre' },
    },
    drill: {
      dismiss: 'Fermer',
    },
    value: {
      none: '(aucune)',
      yes: 'Oui',
      no: 'Non',
      quarter: 'T{{quarter}} {{year}}',
      week: 'Semaine {{week}}, {{year}}',
    },
    refusal: {
      dashboards: {
        notFound: 'Ce tableau de bord n’existe pas ou n’est pas partagé avec vous.',
        noOrganisation: 'Les tableaux de bord appartiennent à une organisation : choisissez-en une d’abord.',
        forbidden: 'Seul le propriétaire de ce tableau de bord ou un administrateur de l’organisation peut le modifier.',
        conflict: 'Ce tableau de bord a été modifié entre-temps (version {{version}} maintenant). Rechargez-le pour voir la modification, puis refaites la vôtre.',
        invalid: 'Le tableau de bord ne peut pas être enregistré : {{problems}}',
        notYourHome: 'Vous ne pouvez lire que votre propre accueil.',
        notifyNotMember: 'La personne qui doit recevoir une tâche quand {{widget}} passe au rouge n’est pas membre de cette organisation.',
        notifyUnknownRole: 'Aucune application {{app}} de cette organisation n’a de rôle {{role}}.',
        notifyCannotSee: 'Quiconque reçoit une tâche quand {{widget}} passe au rouge doit pouvoir ouvrir ce tableau de bord : partagez-le d’abord avec eux.',
      },
      datasets: {
        unknownApp: 'Il n’existe aucune application {{app}} que vous puissiez utiliser.',
        unknownDataset: 'L’application {{app}} n’a pas de jeu de données {{dataset}}.',
        unknownDimension: 'Le jeu de données {{dataset}} n’a pas de dimension {{key}}.',
        unknownMeasure: 'Le jeu de données {{dataset}} n’a pas de mesure {{key}}.',
        unavailable: '{{key}} du jeu de données {{dataset}} ne peut pas être calculé : le jeu de données déclare plus de dimensions et de mesures que ses chiffres n’en contiennent.',
        forbidden: 'Vous ne pouvez pas lire les enregistrements que compte le jeu de données {{dataset}}.',
        hiddenField: 'Vous ne pouvez pas voir le champ derrière {{key}}, les chiffres ne peuvent donc pas l’utiliser.',
        badFilter: 'Le filtre sur {{key}} ne peut pas être utilisé ainsi : {{reason}}',
        badSort: 'Les chiffres ne peuvent pas être triés par {{key}}.',
        badRange: 'La période n’est pas valide : {{reason}}',
        timeout: 'Le calcul des chiffres a pris trop de temps et a été arrêté. Restreignez les filtres ou la période, puis réessayez.',
      },
    },
    editor: editor.dashboards.editor,
  },
};

export default fr_FR;
