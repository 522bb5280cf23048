import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preview in Norwegian (Bokmål): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  preview: {
    toolbar: 'Verktøylinje for forhåndsvisning',
    previous: 'Forrige fil',
    next: 'Neste fil',
    zoomIn: 'Zoom inn',
    zoomOut: 'Zoom ut',
    fit: 'Tilpass til vinduet',
    actualSize: 'Faktisk størrelse',
    download: 'Last ned',
    loading: 'Laster inn {{name}}…',
    position: '{{index}} av {{count}}',
    unsupported: 'Forhåndsvisning kan ikke vise {{name}}: det er ikke et bilde, en video, en lyd eller en PDF-fil.',
    failed: '{{name}} kunne ikke vises: filen kan være skadet, eller i et format denne nettleseren ikke kan spille av.',
    empty: { title: 'Ingenting å vise', text: 'Åpne et bilde, en video, en lyd eller et PDF-dokument fra filene dine for å se det her.' },
    reopen: { missing: '{{name}} finnes ikke lenger på {{path}}: filen er flyttet, har fått nytt navn eller er slettet siden dette vinduet viste den. Finn den i «Filer» for å åpne den igjen.' },
  },
};

export default nb_NO;
