import type { TextsShape } from '@atrium/sdk';
import editor from '../views/editor/texts/de_DE.js';
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
      new: 'Neues Dashboard',
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
      record: { name: 'Datensatz', title: 'Titel' },
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
    refusal: {
      dashboards: {
        notFound: 'Dieses Dashboard gibt es nicht, oder es ist nicht mit Ihnen geteilt.',
        noOrganisation: 'Dashboards gehören zu einer Organisation: Wählen Sie zuerst eine aus.',
        forbidden: 'Nur der Besitzer dieses Dashboards oder ein Administrator der Organisation darf es ändern.',
        conflict: 'Dieses Dashboard wurde inzwischen geändert (jetzt Version {{version}}). Laden Sie es neu, um die Änderung zu sehen, und nehmen Sie Ihre dann erneut vor.',
        invalid: 'Das Dashboard kann nicht gespeichert werden: {{problems}}',
        notYourHome: 'Sie dürfen nur Ihre eigene Startseite lesen.',
        notifyNotMember: 'Die Person, die eine Aufgabe erhalten soll, wenn {{widget}} rot wird, ist kein Mitglied dieser Organisation.',
        notifyUnknownRole: 'Keine Anwendung {{app}} dieser Organisation hat eine Rolle {{role}}.',
        notifyCannotSee: 'Wer eine Aufgabe erhält, wenn {{widget}} rot wird, muss dieses Dashboard öffnen können: Teilen Sie es zuerst mit ihnen.',
      },
      datasets: {
        unknownApp: 'Es gibt keine Anwendung {{app}}, die Sie verwenden dürfen.',
        unknownDataset: 'Die Anwendung {{app}} hat keinen Datensatz {{dataset}}.',
        unknownDimension: 'Der Datensatz {{dataset}} hat keine Dimension {{key}}.',
        unknownMeasure: 'Der Datensatz {{dataset}} hat keine Kennzahl {{key}}.',
        unavailable: '{{key}} des Datensatzes {{dataset}} kann nicht berechnet werden: Der Datensatz deklariert mehr Dimensionen und Kennzahlen, als seine Zahlen fassen.',
        forbidden: 'Sie dürfen die Datensätze, die {{dataset}} zählt, nicht lesen.',
        hiddenField: 'Sie dürfen das Feld hinter {{key}} nicht sehen, daher können die Zahlen es nicht verwenden.',
        badFilter: 'Der Filter auf {{key}} kann so nicht verwendet werden: {{reason}}',
        badSort: 'Die Zahlen können nicht nach {{key}} sortiert werden.',
        badRange: 'Der Zeitraum ist nicht gültig: {{reason}}',
        timeout: 'Die Berechnung der Zahlen hat zu lange gedauert und wurde abgebrochen. Schränken Sie die Filter oder den Zeitraum ein und versuchen Sie es erneut.',
      },
    },
    editor: editor.dashboards.editor,
  },
};

export default de_DE;
