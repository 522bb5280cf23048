import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.js';

export const sl_SI: CatalogueShape<typeof en_EN> = {
  app: { name: 'Atrium' },
  start: {
    title: 'Dobrodošli v Atrium',
    status: 'Strežnik deluje. Stran za prijavo bo kmalu na voljo.',
    version: 'Različica {{version}}',
  },
  login: {
    error: {
      failed: 'Prijava ni uspela',
      incorrect: 'Uporabniško ime ali geslo, ki ste ga vnesli, ni pravilno',
      empty: 'Uporabniško ime ali geslo ne sme biti prazno',
    },
  },
  forgot: {
    error: { required: 'Vnesite svoje uporabniško ime' },
    sent: 'Če račun obstaja, boste prejeli e-pošto z nadaljnjimi navodili',
  },
  reset: {
    success: 'Geslo je bilo uspešno ponastavljeno',
    expired: 'Povezava za ponastavitev gesla je potekla, poskusite znova.',
  },
  password: {
    length: 'Geslo mora vsebovati vsaj osem znakov!',
    digit: 'Geslo mora vsebovati vsaj eno številko (0-9)!',
    lowercase: 'Geslo mora vsebovati vsaj eno malo črko (a-z)!',
    uppercase: 'Geslo mora vsebovati vsaj eno veliko črko (A-Z)!',
    special: "Geslo mora vsebovati vsaj en poseben znak ($&+,:;=?@#|'<>.-^*()%!)",
    mismatch: 'Gesli se ne ujemata',
  },
};
