import type { TextsShape } from '@atrium/sdk';
import editor from '../views/editor/texts/nb_NO.js';
import type { en_EN } from './en_EN.js';

/** The texts of Dashboards in Norwegian Bokmål: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  dashboards: {
    list: {
      heading: 'Dashbord',
      loading: 'Laster dashbord…',
      empty: 'Ingen dashbord er delt med deg ennå.',
      failed: 'Dashbordene kunne ikke lastes',
      widgets: 'Elementer: {{count}}',
      owner: 'Eier: {{name}}',
      open: 'Åpne {{title}}',
      refresh: 'Oppdater',
      new: 'Nytt dashbord',
      sharing: {
        private: 'Bare eieren',
        organisation: 'Hele organisasjonen',
        role: 'Rollen {{role}} i {{app}}',
      },
    },
    dashboard: {
      loading: 'Laster dashbordet…',
      failed: 'Dashbordet kunne ikke åpnes',
      back: 'Alle dashbord',
      edit: 'Rediger',
      refresh: 'Oppdater',
      widgets: 'Elementer',
    },
    range: {
      label: 'Tidsrom',
      all: 'Hele tiden',
      last7Days: 'Siste 7 dager',
      last30Days: 'Siste 30 dager',
      last90Days: 'Siste 90 dager',
      thisMonth: 'Denne måneden',
      thisQuarter: 'Dette kvartalet',
      thisYear: 'Dette året',
      last12Months: 'Siste 12 måneder',
      custom: 'Valgte dager',
      from: 'Fra',
      to: 'Til',
    },
    filters: {
      any: 'Alle',
      applied: 'Filtre i bruk',
      remove: 'Fjern filteret {{filter}}',
      chip: '{{dimension}}: {{value}}',
    },
    widget: {
      loading: 'Laster tallene…',
      cancel: 'Avbryt',
      empty: 'Ingen data for disse filtrene',
      truncated: 'Viser de første {{count}} radene',
      failed: 'Tallene kunne ikke lastes',
      timedOutTitle: 'Beregningen tok for lang tid',
      timedOut: 'Beregningen av tallene tok for lang tid og ble stoppet. Snevre inn filtrene eller tidsrommet, og prøv igjen.',
      cancelled: 'Lastingen ble stoppet.',
      retry: 'Prøv igjen',
      details: 'Tekniske detaljer',
      showData: 'Vis data',
      showChart: 'Vis diagram',
      breadcrumb: 'Detaljsti for {{title}}',
      chart: 'Diagram: {{title}}',
      drillHint: 'Klikk på et element, eller trykk Enter på en rad, for å gå ned i detaljene',
      filterHint: 'Klikk på et element, eller trykk Enter på en rad, for å filtrere de andre elementene',
    },
    kpi: {
      up: 'Opp {{percent}} fra forrige periode',
      down: 'Ned {{percent}} fra forrige periode',
      same: 'Uendret fra forrige periode',
      band: {
        red: 'Rød: krever oppfølging',
        yellow: 'Gul: følg med',
        green: 'Grønn: i rute',
      },
    },
    table: {
      sortBy: 'Sorter etter {{column}}',
      record: { name: 'Post', title: 'Tittel' },
    },
    drill: {
      dismiss: 'Lukk',
    },
    value: {
      none: '(ingen)',
      yes: 'Ja',
      no: 'Nei',
      quarter: 'K{{quarter}} {{year}}',
      week: 'Uke {{week}}, {{year}}',
    },
    refusal: {
      dashboards: {
        notFound: 'Dette dashbordet finnes ikke eller er ikke delt med deg.',
        noOrganisation: 'Dashbord hører til en organisasjon: velg en først.',
        forbidden: 'Bare eieren av dette dashbordet eller en administrator i organisasjonen kan endre det.',
        conflict: 'Dette dashbordet ble endret i mellomtiden (nå versjon {{version}}). Last det inn på nytt for å se endringen, og gjør så din igjen.',
        invalid: 'Dashbordet kan ikke lagres: {{problems}}',
        notYourHome: 'Du kan bare lese din egen startside.',
        notifyNotMember: 'Personen som skal få en oppgave når {{widget}} blir rød, er ikke medlem av denne organisasjonen.',
        notifyUnknownRole: 'Ingen applikasjon {{app}} i denne organisasjonen har rollen {{role}}.',
        notifyCannotSee: 'Den som får en oppgave når {{widget}} blir rød, må kunne åpne dette dashbordet: del det med dem først.',
      },
      datasets: {
        unknownApp: 'Det finnes ingen applikasjon {{app}} som du kan bruke.',
        unknownDataset: 'Applikasjonen {{app}} har ikke datasettet {{dataset}}.',
        unknownDimension: 'Datasettet {{dataset}} har ikke dimensjonen {{key}}.',
        unknownMeasure: 'Datasettet {{dataset}} har ikke målet {{key}}.',
        unavailable: '{{key}} i datasettet {{dataset}} kan ikke beregnes: datasettet oppgir flere dimensjoner og mål enn tallene rommer.',
        forbidden: 'Du har ikke lov til å lese postene som datasettet {{dataset}} teller.',
        hiddenField: 'Du har ikke lov til å se feltet bak {{key}}, så tallene kan ikke bruke det.',
        badFilter: 'Filteret på {{key}} kan ikke brukes slik: {{reason}}',
        badSort: 'Tallene kan ikke sorteres etter {{key}}.',
        badRange: 'Tidsrommet er ikke gyldig: {{reason}}',
        timeout: 'Tallene tok for lang tid å beregne og ble stoppet. Snevre inn filtrene eller tidsrommet, og prøv igjen.',
      },
    },
    editor: editor.dashboards.editor,
  },
};

export default nb_NO;
