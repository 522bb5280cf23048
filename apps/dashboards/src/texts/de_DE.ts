import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Dashboards in German: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const de_DE: TextsShape<typeof en_EN> = {
  dashboards: {
    list: {
      heading: 'Dashboards',
      loading: 'Dashboards werden geladen…',
      empty: 'Es wurde noch kein Dashboard mit Ihnen geteilt.',
      failed: 'Die Dashboards konnten nicht geladen werden',
      widgets: 'Widgets: {{count}}',
      owner: 'Besitzer: {{name}}',
      open: '{{title}} öffnen',
      refresh: 'Aktualisieren',
      sharing: {
        private: 'Nur der Besitzer',
        organisation: 'Die ganze Organisation',
        role: 'Rolle {{role}} von {{app}}',
      },
    },
    dashboard: {
      loading: 'Das Dashboard wird geladen…',
      failed: 'Das Dashboard konnte nicht geöffnet werden',
      back: 'Alle Dashboards',
      edit: 'Bearbeiten',
      refresh: 'Aktualisieren',
      widgets: 'Elemente',
    },
    range: {
      label: 'Zeitraum',
      all: 'Gesamter Zeitraum',
      last7Days: 'Letzte 7 Tage',
      last30Days: 'Letzte 30 Tage',
      last90Days: 'Letzte 90 Tage',
      thisMonth: 'Dieser Monat',
      thisQuarter: 'Dieses Quartal',
      thisYear: 'Dieses Jahr',
      last12Months: 'Letzte 12 Monate',
      custom: 'Gewählte Tage',
      from: 'Von',
      to: 'Bis',
    },
    filters: {
      any: 'Alle',
      applied: 'Angewendete Filter',
      remove: 'Filter {{filter}} entfernen',
      chip: '{{dimension}}: {{value}}',
    },
    widget: {
      loading: 'Die Zahlen werden geladen…',
      cancel: 'Abbrechen',
      empty: 'Keine Daten für diese Filter',
      truncated: 'Die ersten {{count}} Zeilen werden angezeigt',
      failed: 'Die Zahlen konnten nicht geladen werden',
      timedOutTitle: 'Die Berechnung hat zu lange gedauert',
      timedOut: 'Die Berechnung der Zahlen hat zu lange gedauert und wurde abgebrochen. Schränken Sie die Filter oder den Zeitraum ein und versuchen Sie es erneut.',
      cancelled: 'Das Laden wurde abgebrochen.',
      retry: 'Erneut versuchen',
      details: 'Technische Details',
      showData: 'Daten anzeigen',
      showChart: 'Diagramm anzeigen',
      breadcrumb: 'Drilldown-Pfad von {{title}}',
      chart: 'Diagramm: {{title}}',
      drillHint: 'Klicken Sie auf ein Element oder drücken Sie Eingabe auf einer Zeile, um ins Detail zu gehen',
      filterHint: 'Klicken Sie auf ein Element oder drücken Sie Eingabe auf einer Zeile, um die anderen Elemente zu filtern',
    },
    kpi: {
      up: '{{percent}} mehr als im vorigen Zeitraum',
      down: '{{percent}} weniger als im vorigen Zeitraum',
      same: 'Unverändert gegenüber dem vorigen Zeitraum',
      band: {
        red: 'Rot: Handlungsbedarf',
        yellow: 'Gelb: beobachten',
        green: 'Grün: im Plan',
      },
    },
    table: {
      sortBy: 'Nach {{column}} sortieren',
    },
    drill: {
      dismiss: 'Schließen',
    },
    value: {
      none: '(keine Angabe)',
      yes: 'Ja',
      no: 'Nein',
      quarter: 'Q{{quarter}} {{year}}',
      week: 'Woche {{week}}, {{year}}',
    },
  },
};

export default de_DE;
