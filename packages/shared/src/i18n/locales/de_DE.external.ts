import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.external.js';

/** The texts of sign-in through an identity provider (a catalogue part loaded with the provider's login card). */
export const de_DE: CatalogueShape<typeof en_EN> = {
  external: {
    signIn: 'Mit {{name}} anmelden',
    builtIn: 'Mit Benutzername und Passwort anmelden',
    connecting: 'Verbindung zu {{name}} wird hergestellt…',
    redirecting: 'Weiterleitung zu {{name}}…',
    checking: 'Ihre Anmeldung wird geprüft…',
    details: 'Technische Details',
    error: {
      provider: '{{name}} konnte Sie nicht anmelden.',
      exchange: 'Die Anmeldung mit {{name}} konnte nicht abgeschlossen werden.',
      state: 'Die Antwort von {{name}} gehört nicht zu dieser Anmeldung und wurde abgelehnt.',
      refused: 'Die Anmeldung beim Identitätsanbieter wurde nicht akzeptiert',
      noAccess: 'Für diese Identität gibt es hier kein Konto',
      linkRequired: 'Diese Identität muss erst von Ihrer Administration mit ihrem Konto hier verknüpft werden',
      unreachable: 'Der Identitätsanbieter ist nicht erreichbar',
      options: 'Die Anmeldung mit {{name}} ist nicht richtig eingerichtet. Bitte wenden Sie sich an Ihre Administration.',
      failed: 'Die Anmeldung mit {{name}} ist fehlgeschlagen.',
    },
  },
};
