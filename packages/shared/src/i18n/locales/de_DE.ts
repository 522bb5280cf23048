import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.js';

export const de_DE: CatalogueShape<typeof en_EN> = {
  app: { name: 'Atrium' },
  start: {
    title: 'Willkommen bei Atrium',
    status: 'Der Server läuft. Die Anmeldeseite folgt in Kürze.',
    version: 'Version {{version}}',
  },
  login: {
    error: {
      failed: 'Anmeldung fehlgeschlagen',
      incorrect: 'Der eingegebene Benutzername oder das Passwort ist falsch',
      empty: 'Benutzername oder Passwort darf nicht leer sein',
    },
  },
  forgot: {
    error: { required: 'Bitte geben Sie Ihren Benutzernamen ein' },
    sent: 'Falls das Konto existiert, wird eine E-Mail mit weiteren Anweisungen gesendet',
  },
  reset: {
    success: 'Passwort erfolgreich zurückgesetzt',
    expired: 'Der Link zum Zurücksetzen des Passworts ist abgelaufen. Bitte versuchen Sie es erneut.',
  },
  password: {
    length: 'Das Passwort muss mindestens acht Zeichen enthalten!',
    digit: 'Das Passwort muss mindestens eine Ziffer (0-9) enthalten!',
    lowercase: 'Das Passwort muss mindestens einen Kleinbuchstaben (a-z) enthalten!',
    uppercase: 'Das Passwort muss mindestens einen Großbuchstaben (A-Z) enthalten!',
    special: "Das Passwort muss mindestens ein Sonderzeichen ($&+,:;=?@#|'<>.-^*()%!) enthalten!",
    mismatch: 'Die Passwörter stimmen nicht überein',
  },
};
