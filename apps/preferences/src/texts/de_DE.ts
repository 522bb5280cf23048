import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preferences in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  preferences: {
    sections: 'Bereiche der Einstellungen',
    section: {
      appearance: 'Darstellung',
      panels: 'Leisten',
      widgets: 'Minianwendungen',
      language: 'Sprache',
      notifications: 'Benachrichtigungen',
      general: 'Allgemein',
    },
    locked: 'Von Ihrer Organisation festgelegt',
    appearance: {
      theme: 'Design',
      icons: 'Symbole',
      wallpaper: 'Hintergrundbild',
      noWallpaper: 'Kein Bild',
      style: 'Bildanordnung',
      color: 'Hintergrundfarbe',
      font: 'Schriftart',
      none: 'Keine installiert',
      styles: {
        cover: 'Füllen',
        contain: 'Einpassen',
        repeat: 'Kacheln',
        center: 'Zentriert',
        color: 'Nur Farbe',
      },
    },
    panels: {
      position: 'Position der Leiste',
      top: 'Oben',
      bottom: 'Unten',
      items: 'Elemente der Leiste',
      item: {
        menu: 'Anwendungsmenü',
        windows: 'Fensterliste',
        tray: 'Infobereich',
        profile: 'Profilmenü',
        notifications: 'Benachrichtigungszentrale',
        search: 'Globale Suche',
        logout: 'Abmeldeschaltfläche',
        home: 'Schaltfläche „Mein Start“',
      },
    },
    widgets: {
      legend: 'Minianwendungen auf dem Desktop',
      home: 'Start-Minianwendung',
      homeHint: 'Ihr Dashboard oder die Seite Ihrer Organisation auf dem Desktop.',
    },
    language: {
      legend: 'Sprache der Oberfläche',
    },
    notifications: {
      digestLegend: 'Tägliche Übersicht per E-Mail',
      digestHint: 'Einmal täglich eine E-Mail mit Ihren offenen Aufgaben nach Farbe und den Änderungen an Datensätzen, denen Sie folgen. Uhrzeiten in UTC (koordinierte Weltzeit).',
      digestHour: 'Senden um',
      digestOff: 'Aus',
      digestAt: '{{time}} Uhr (UTC)',
      digestNone: 'Es wird keine Übersicht gesendet.',
      digestDaily: 'Ihre Übersicht wird täglich um {{time}} UTC gesendet, wenn es etwas zu berichten gibt.',
    },
    general: {
      greetingLegend: 'Begrüßung',
      greeting: 'Nach der Anmeldung begrüßen',
      greetingError: 'Die Begrüßung konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
      soundsLegend: 'Töne',
      sounds: 'Töne abspielen',
      volume: 'Lautstärke',
    },
  },
};

export default de_DE;
