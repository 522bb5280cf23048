import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.external.js';

/** The texts of sign-in through an identity provider (a catalogue part loaded with the provider's login card). */
export const sl_SI: CatalogueShape<typeof en_EN> = {
  external: {
    signIn: 'Prijava prek {{name}}',
    builtIn: 'Prijava z uporabniškim imenom in geslom',
    connecting: 'Povezovanje s storitvijo {{name}}…',
    redirecting: 'Preusmerjanje na {{name}}…',
    checking: 'Preverjanje prijave…',
    details: 'Tehnične podrobnosti',
    error: {
      provider: 'Storitev {{name}} vas ni mogla prijaviti.',
      exchange: 'Prijave prek {{name}} ni bilo mogoče dokončati.',
      state: 'Odgovor storitve {{name}} ne pripada tej prijavi, zato je bil zavrnjen.',
      refused: 'Prijava ponudnika identitete ni bila sprejeta',
      noAccess: 'Ta identiteta tukaj nima računa',
      linkRequired: 'To identiteto mora s svojim računom tukaj povezati skrbnik',
      unreachable: 'Ponudnik identitete ni dosegljiv',
      options: 'Prijava prek {{name}} ni pravilno nastavljena. Obvestite skrbnika.',
      failed: 'Prijava prek {{name}} ni uspela.',
    },
  },
};
