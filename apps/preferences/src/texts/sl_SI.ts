import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preferences in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  preferences: {
    sections: 'Razdelki nastavitev',
    section: {
      appearance: 'Videz',
      panels: 'Plošče',
      widgets: 'Gradniki',
      language: 'Jezik',
      notifications: 'Obvestila',
      general: 'Splošno',
    },
    locked: 'Zaklenila vaša organizacija',
    appearance: {
      theme: 'Tema',
      icons: 'Ikone',
      wallpaper: 'Ozadje',
      noWallpaper: 'Brez slike',
      style: 'Postavitev slike',
      color: 'Barva ozadja',
      font: 'Pisava',
      none: 'Nič nameščenega',
      styles: {
        cover: 'Zapolni',
        contain: 'Prilagodi',
        repeat: 'Razpostavi',
        center: 'Na sredini',
        color: 'Samo barva',
      },
    },
    panels: {
      position: 'Položaj plošče',
      top: 'Zgoraj',
      bottom: 'Spodaj',
      items: 'Elementi plošče',
      item: {
        menu: 'Meni aplikacij',
        windows: 'Seznam oken',
        tray: 'Sistemska vrstica',
        profile: 'Meni profila',
        notifications: 'Središče obvestil',
        search: 'Splošno iskanje',
        logout: 'Gumb za odjavo',
        home: 'Gumb Moj začetek',
      },
    },
    widgets: {
      legend: 'Gradniki namizja',
      home: 'Začetni gradnik',
      homeHint: 'Vaša nadzorna plošča ali stran vaše organizacije na namizju.',
    },
    language: {
      legend: 'Jezik vmesnika',
    },
    notifications: {
      digestLegend: 'Dnevni povzetek po e-pošti',
      digestHint: 'Enkrat na dan e-poštno sporočilo z vašimi odprtimi nalogami po barvah in spremembami zapisov, ki jih spremljate. Ure so v UTC (usklajeni svetovni čas).',
      digestHour: 'Pošlji ob',
      digestOff: 'Izklopljeno',
      digestAt: 'ob {{time}} (UTC)',
      digestNone: 'Povzetek se ne pošilja.',
      digestDaily: 'Vaš povzetek se pošlje vsak dan ob {{time}} UTC, ko je kaj novega.',
    },
    general: {
      greetingLegend: 'Pozdrav',
      greeting: 'Pozdravi me po prijavi',
      greetingError: 'Pozdrava ni bilo mogoče spremeniti. Poskusite znova.',
      soundsLegend: 'Zvoki',
      sounds: 'Predvajaj zvoke',
      volume: 'Glasnost',
    },
  },
};

export default sl_SI;
