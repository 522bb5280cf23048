import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of GlobalSearch in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  globalSearchApp: {
    search: { label: 'Suchtext', placeholder: 'Anwendungen, Personen, Dateien und Kommentare suchen', submit: 'Suchen' },
    tabs: { label: 'Arten von Ergebnissen', all: 'Alle', apps: 'Anwendungen', users: 'Benutzer', attachments: 'Anhänge', comments: 'Kommentare', records: 'Datensätze' },
    results: 'Ergebnisse für „{{text}}“',
    loading: 'Suche läuft…',
    start: 'Geben Sie ein, wonach Sie suchen, und drücken Sie die Eingabetaste.',
    showAll: 'Alle {{count}} anzeigen',
    more: 'Mehr anzeigen',
    moreFailed: 'Weitere Ergebnisse konnten nicht geladen werden.',
    empty: {
      title: 'Nichts gefunden für „{{text}}“',
      hint: 'Prüfen Sie die Schreibweise oder versuchen Sie andere oder weniger Wörter.',
      kind: 'Unter {{kind}} passt nichts zu „{{text}}“.',
    },
    error: {
      title: 'Die Suche konnte nicht durchgeführt werden',
      hint: 'Prüfen Sie Ihre Verbindung und versuchen Sie es dann erneut.',
      retry: 'Erneut versuchen',
      details: 'Technische Details',
    },
    problem: {
      empty: 'Bitte geben Sie einen Suchbegriff ein!',
      special: 'Sonderzeichen sind nicht erlaubt!',
    },
    openFailed: 'Dieses Ergebnis konnte nicht geöffnet werden: {{reason}}',
    result: {
      matchedName: 'Name passt',
      matchedContent: 'Text passt',
      task: 'Aufgabe {{task}} in {{app}}',
      record: '{{entity}} {{name}} aus {{app}}',
      onRecord: 'Zu {{entity}} „{{title}}“ in {{app}}',
      colour: { RED: 'Rot', YELLOW: 'Gelb', GREEN: 'Grün', BLUE: 'Blau' },
    },
  },
};

export default de_DE;
