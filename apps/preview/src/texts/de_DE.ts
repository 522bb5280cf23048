import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preview in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  preview: {
    toolbar: 'Werkzeugleiste der Vorschau',
    previous: 'Vorherige Datei',
    next: 'Nächste Datei',
    zoomIn: 'Vergrößern',
    zoomOut: 'Verkleinern',
    fit: 'An Fenster anpassen',
    actualSize: 'Originalgröße',
    download: 'Herunterladen',
    loading: '{{name}} wird geladen…',
    position: '{{index}} von {{count}}',
    unsupported: 'Die Vorschau kann {{name}} nicht anzeigen: Es ist weder ein Bild noch ein Video, eine Audiodatei oder ein PDF.',
    failed: '{{name}} konnte nicht angezeigt werden: Die Datei ist vielleicht beschädigt oder in einem Format, das dieser Browser nicht abspielen kann.',
    empty: { title: 'Keine Vorschau', text: 'Öffnen Sie ein Bild, ein Video, eine Audiodatei oder ein PDF-Dokument aus Ihren Dateien, um es hier zu sehen.' },
    reopen: { missing: '{{name}} ist nicht mehr unter {{path}}: Die Datei wurde verschoben, umbenannt oder gelöscht, seit dieses Fenster sie zeigte. Suchen Sie sie in „Dateien“, um sie wieder zu öffnen.' },
  },
};

export default de_DE;
