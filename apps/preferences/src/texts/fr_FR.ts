import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preferences in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
  preferences: {
    sections: 'Rubriques des préférences',
    section: {
      appearance: 'Apparence',
      panels: 'Panneaux',
      widgets: 'Composants',
      language: 'Langue',
      notifications: 'Notifications',
      general: 'Général',
    },
    locked: 'Verrouillé par votre organisation',
    appearance: {
      theme: 'Thème',
      icons: 'Icônes',
      wallpaper: "Fond d'écran",
      noWallpaper: "Pas d'image",
      style: "Disposition de l'image",
      color: 'Couleur de fond',
      font: 'Police',
      none: 'Aucun installé',
      styles: {
        cover: 'Remplir',
        contain: 'Ajuster',
        repeat: 'Mosaïque',
        center: 'Centré',
        color: 'Couleur seule',
      },
    },
    panels: {
      position: 'Position du panneau',
      top: 'En haut',
      bottom: 'En bas',
      items: 'Éléments du panneau',
      item: {
        menu: 'Menu des applications',
        windows: 'Liste des fenêtres',
        tray: 'Zone de notification',
        profile: 'Menu du profil',
        notifications: 'Centre de notifications',
        search: 'Recherche globale',
        logout: 'Bouton de déconnexion',
        home: 'Bouton Mon accueil',
      },
    },
    widgets: {
      legend: 'Composants du bureau',
      home: "Composant d'accueil",
      homeHint: 'Votre tableau de bord ou la page de votre organisation, sur le bureau.',
    },
    language: {
      legend: "Langue de l'interface",
    },
    notifications: {
      digestLegend: 'Résumé quotidien par e-mail',
      digestHint: 'Une fois par jour, un e-mail de vos tâches ouvertes par couleur et des modifications des fiches que vous suivez. Heures en UTC (temps universel coordonné).',
      digestHour: 'L’envoyer à',
      digestOff: 'Désactivé',
      digestAt: 'à {{time}} (UTC)',
      digestNone: 'Aucun résumé n’est envoyé.',
      digestDaily: 'Votre résumé est envoyé chaque jour à {{time}} UTC, s’il y a quelque chose à signaler.',
    },
    general: {
      greetingLegend: "Message d'accueil",
      greeting: "M'accueillir après la connexion",
      greetingError: "Le message d'accueil n'a pas pu être modifié. Veuillez réessayer.",
      soundsLegend: 'Sons',
      sounds: 'Jouer les sons',
      volume: 'Volume sonore',
    },
  },
};

export default fr_FR;
