import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.external.js';

/** The texts of sign-in through an identity provider (a catalogue part loaded with the provider's login card). */
export const nb_NO: CatalogueShape<typeof en_EN> = {
  external: {
    signIn: 'Logg inn med {{name}}',
    builtIn: 'Logg inn med brukernavn og passord',
    connecting: 'Kobler til {{name}}…',
    redirecting: 'Sender deg videre til {{name}}…',
    checking: 'Kontrollerer innloggingen…',
    details: 'Tekniske detaljer',
    error: {
      provider: '{{name}} kunne ikke logge deg inn.',
      exchange: 'Innloggingen med {{name}} kunne ikke fullføres.',
      state: 'Svaret fra {{name}} hører ikke til denne innloggingen og ble avvist.',
      refused: 'Innloggingen fra identitetsleverandøren ble ikke godtatt',
      noAccess: 'Denne identiteten har ingen konto her',
      linkRequired: 'Denne identiteten må kobles til kontoen sin her av en administrator',
      unreachable: 'Identitetsleverandøren kan ikke nås',
      options: 'Innlogging med {{name}} er ikke riktig satt opp. Si fra til administratoren din.',
      failed: 'Innloggingen med {{name}} mislyktes.',
    },
  },
};
