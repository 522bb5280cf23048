import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Text Editor in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  textEditor: {
    untitled: 'Unbenannt',
    toolbar: 'Werkzeugleiste des Texteditors',
    new: 'Neu',
    open: 'Öffnen…',
    save: 'Speichern',
    saveAs: 'Speichern unter…',
    wrap: 'Lange Zeilen umbrechen',
    content: 'Text von {{name}}',
    status: 'Dokumentstatus',
    modified: 'Geändert',
    position: 'Z. {{line}}, Sp. {{column}}',
    loading: 'Wird geöffnet…',
    saving: 'Wird gespeichert…',
    dismiss: 'Schließen',
    download: 'Herunterladen',
    tooLarge: { title: '{{name}} ist zu groß zum Bearbeiten', text: 'Der Texteditor öffnet Dateien bis {{limit}}; diese hat {{size}}. Sie können sie stattdessen herunterladen.' },
    unsaved: { title: 'Ungespeicherte Änderungen', message: 'Möchten Sie die Änderungen an {{name}} speichern?', save: 'Speichern', discard: 'Verwerfen' },
    reopen: {
      title: '{{name}} konnte nicht wieder geöffnet werden',
      missing: 'Die Datei ist nicht mehr unter {{path}}: Sie wurde verschoben, umbenannt oder gelöscht, seit dieses Fenster sie zeigte. Öffnen Sie sie mit „Öffnen…“ an ihrem neuen Ort oder schließen Sie dieses Fenster.',
      unsaved: 'Änderungen an {{name}}, die vor dem Verlassen der Seite nicht gespeichert wurden, sind verloren: Dies ist die Datei, wie sie zuletzt gespeichert wurde.',
      draftLost: { title: 'Ein neues Dokument wurde nicht behalten', message: 'Sein Text wurde nie in einer Datei gespeichert und konnte daher nach dem Verlassen der Seite nicht wiederkommen.' },
    },
  },
};

export default de_DE;
