import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Priorities in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  priorities: {
    views: {
      label: 'Ansichten',
      assignments: 'Meine Prioritäten',
      followups: 'Meine Nachverfolgung',
      snoozed: 'Meine zurückgestellten Elemente',
    },
    colour: { RED: 'Rot', YELLOW: 'Gelb', GREEN: 'Grün', BLUE: 'Blau' },
    meaning: { RED: 'Überfällig', YELLOW: 'Bald fällig', GREEN: 'Im Plan', BLUE: 'Kein Enddatum' },
    filter: {
      label: 'Nach Farbe filtern',
      all: 'Alle',
    },
    sort: {
      label: 'Sortieren nach',
      end_date: 'Enddatum',
      status: 'Status',
      asc: 'Aufsteigend',
      desc: 'Absteigend',
      order: 'Sortierreihenfolge: {{order}}',
    },
    columns: {
      status: 'Status',
      task: 'Aufgabe',
      application: 'Anwendung',
      assignee: 'Zuständig',
      creator: 'Erstellt von',
      endDate: 'Enddatum',
      snoozedUntil: 'Zurückgestellt bis',
      comments: 'Kommentare',
      actions: 'Aktionen',
    },
    task: {
      delegatedBy: 'Vertretung für {{name}}',
      noEndDate: 'Kein Enddatum',
      comments: 'Kommentare: {{count}}',
      completed: 'Erledigt',
    },
    actions: {
      edit: 'Bearbeiten',
      comments: 'Kommentare',
      snooze: 'Zurückstellen',
      manage: 'Fortsetzen oder verlängern',
      complete: 'Abschließen',
      snoozeOff: 'Nur die zuständige Person kann zurückstellen, und nur grüne Aufgaben, deren Enddatum nicht überschritten ist',
      completeOff: 'Nur die erstellende oder die zuständige Person kann diese Aufgabe abschließen',
    },
    list: {
      loading: 'Aufgaben werden geladen…',
      empty: 'Hier ist nichts. Sie sind für heute fertig!',
      emptyFiltered: 'Keine Aufgaben in {{colour}}.',
      showAll: 'Alle Farben anzeigen',
    },
    paging: {
      label: 'Seiten',
      showing: '{{from}}–{{to}} von {{total}}',
      page: 'Seite {{page}} von {{pages}}',
      first: 'Erste Seite',
      previous: 'Vorherige Seite',
      next: 'Nächste Seite',
      last: 'Letzte Seite',
    },
    failed: {
      title: 'Ihre Aufgaben konnten nicht geladen werden',
      retry: 'Erneut versuchen',
      details: 'Details',
    },
    reason: {
      unreachable: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es dann erneut.',
      taskNotFound: 'Die Aufgabe gibt es nicht mehr, oder Sie dürfen sie nicht mehr sehen.',
      taskNotEditable: 'Nur die erstellende oder die zuständige Person kann diese Aufgabe ändern.',
      other: 'Der Server konnte nicht wie erwartet antworten. Versuchen Sie es gleich noch einmal; wenn es weiterhin fehlschlägt, nennen Sie Ihrer Administration die Details.',
    },
    highlight: {
      title: 'Die geöffnete Aufgabe',
      loading: 'Aufgabe wird geladen…',
      missing: 'Diese Aufgabe gibt es nicht mehr, oder Sie dürfen sie nicht sehen.',
      close: 'Schließen',
    },
    notice: {
      completed: '„{{name}}“ ist abgeschlossen.',
      reopened: '„{{name}}“ ist wieder offen.',
      failed: '„{{name}}“ konnte nicht geändert werden: {{reason}}',
      undo: 'Rückgängig',
      dismiss: 'Ausblenden',
    },
  },
};

export default de_DE;
