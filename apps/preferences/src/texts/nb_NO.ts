import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preferences in Norwegian (Bokmål): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  preferences: {
    sections: 'Deler av innstillingene',
    section: {
      appearance: 'Utseende',
      panels: 'Paneler',
      widgets: 'Moduler',
      language: 'Språk',
      notifications: 'Varsler',
      general: 'Generelt',
    },
    locked: 'Låst av organisasjonen din',
    appearance: {
      theme: 'Tema',
      icons: 'Ikoner',
      wallpaper: 'Bakgrunnsbilde',
      noWallpaper: 'Uten bilde',
      style: 'Bildeplassering',
      color: 'Bakgrunnsfarge',
      font: 'Skrift',
      none: 'Ingen installert',
      styles: {
        cover: 'Fyll',
        contain: 'Tilpass',
        repeat: 'Flislegg',
        center: 'Midtstilt',
        color: 'Bare farge',
      },
    },
    panels: {
      position: 'Panelplassering',
      top: 'Øverst',
      bottom: 'Nederst',
      items: 'Panelelementer',
      item: {
        menu: 'Programmeny',
        windows: 'Vindusliste',
        tray: 'Systemstatusfelt',
        profile: 'Profilmeny',
        notifications: 'Varslingssenter',
        search: 'Globalt søk',
        logout: 'Logg ut-knapp',
        home: 'Mitt hjem-knapp',
      },
    },
    widgets: {
      legend: 'Moduler på skrivebordet',
      home: 'Hjem-modul',
      homeHint: 'Dashbordet ditt eller organisasjonens side, på skrivebordet.',
    },
    language: {
      legend: 'Språk i grensesnittet',
    },
    notifications: {
      digestLegend: 'Daglig sammendrag på e-post',
      digestHint: 'Én gang om dagen en e-post med dine åpne oppgaver etter farge og endringene i postene du følger. Klokkeslett i UTC (koordinert universaltid).',
      digestHour: 'Send klokken',
      digestOff: 'Av',
      digestAt: 'kl. {{time}} (UTC)',
      digestNone: 'Det sendes ikke noe sammendrag.',
      digestDaily: 'Sammendraget ditt sendes hver dag klokken {{time}} UTC når det er noe å fortelle.',
    },
    general: {
      greetingLegend: 'Hilsen',
      greeting: 'Hils på meg når jeg logger inn',
      greetingError: 'Hilsenen kunne ikke endres. Prøv igjen.',
      soundsLegend: 'Lyder',
      sounds: 'Spill av lyder',
      volume: 'Lydstyrke',
    },
  },
};

export default nb_NO;
