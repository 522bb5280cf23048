import type { TextsShape } from '@atrium/sdk';
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
  },
};

export default fr_FR;
