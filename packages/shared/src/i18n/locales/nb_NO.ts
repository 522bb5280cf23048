import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.js';

export const nb_NO: CatalogueShape<typeof en_EN> = {
  app: { name: 'Atrium' },
  start: {
    title: 'Velkommen til Atrium',
    status: 'Serveren kjører. Innloggingssiden kommer snart.',
    version: 'Versjon {{version}}',
  },
  login: {
    error: {
      failed: 'Innlogging mislyktes',
      incorrect: 'Brukernavnet eller passordet du skrev inn er feil',
      empty: 'Brukernavn eller passord kan ikke være tomt',
    },
  },
  forgot: {
    error: { required: 'Vennligst skriv inn brukernavnet ditt' },
    sent: 'Hvis kontoen finnes, sendes en e-post med videre instruksjoner',
  },
  reset: {
    success: 'Passordet er tilbakestilt',
    expired: 'Lenken for tilbakestilling av passord er utløpt, vennligst prøv igjen.',
  },
  password: {
    length: 'Passordet må inneholde minst åtte tegn!',
    digit: 'Passordet må inneholde minst ett tall (0-9)!',
    lowercase: 'Passordet må inneholde minst én liten bokstav (a-z)!',
    uppercase: 'Passordet må inneholde minst én stor bokstav (A-Z)!',
    special: "Passordet må inneholde minst ett spesialtegn ($&+,:;=?@#|'<>.-^*()%!)",
    mismatch: 'Passordene samsvarer ikke',
  },
};
