import type { TextsShape } from '@atrium/sdk';
import editor from '../views/editor/texts/sl_SI.js';
import type { en_EN } from './en_EN.js';

/** The texts of Dashboards in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  dashboards: {
    list: {
      heading: 'Nadzorne plošče',
      loading: 'Nalaganje nadzornih plošč …',
      empty: 'Z vami še ni deljena nobena nadzorna plošča.',
      failed: 'Nadzornih plošč ni bilo mogoče naložiti',
      widgets: 'Gradniki: {{count}}',
      owner: 'Lastnik: {{name}}',
      open: 'Odpri {{title}}',
      refresh: 'Osveži',
      new: 'Nova nadzorna plošča',
      sharing: {
        private: 'Samo lastnik',
        organisation: 'Vsa organizacija',
        role: 'Vloga {{role}} v {{app}}',
      },
    },
    dashboard: {
      loading: 'Nalaganje nadzorne plošče …',
      failed: 'Nadzorne plošče ni bilo mogoče odpreti',
      back: 'Vse nadzorne plošče',
      edit: 'Uredi',
      refresh: 'Osveži',
      widgets: 'Gradniki',
    },
    range: {
      label: 'Časovno obdobje',
      all: 'Ves čas',
      last7Days: 'Zadnjih 7 dni',
      last30Days: 'Zadnjih 30 dni',
      last90Days: 'Zadnjih 90 dni',
      thisMonth: 'Ta mesec',
      thisQuarter: 'To četrtletje',
      thisYear: 'To leto',
      last12Months: 'Zadnjih 12 mesecev',
      custom: 'Izbrani dnevi',
      from: 'Od',
      to: 'Do',
    },
    filters: {
      any: 'Vse',
      applied: 'Uporabljeni filtri',
      remove: 'Odstrani filter {{filter}}',
      chip: '{{dimension}}: {{value}}',
    },
    widget: {
      loading: 'Nalaganje številk …',
      cancel: 'Prekliči',
      empty: 'Za te filtre ni podatkov',
      truncated: 'Prikazanih je prvih {{count}} vrstic',
      failed: 'Številk ni bilo mogoče naložiti',
      timedOutTitle: 'Izračun je trajal predolgo',
      timedOut: 'Izračun številk je trajal predolgo in je bil ustavljen. Zožite filtre ali časovno obdobje in poskusite znova.',
      cancelled: 'Nalaganje je bilo ustavljeno.',
      retry: 'Poskusi znova',
      details: 'Tehnične podrobnosti',
      showData: 'Prikaži podatke',
      showChart: 'Prikaži grafikon',
      breadcrumb: 'Pot vrtanja za {{title}}',
      chart: 'Grafikon: {{title}}',
      drillHint: 'Kliknite element ali pritisnite Enter na vrstici za podrobnejši pogled',
      filterHint: 'Kliknite element ali pritisnite Enter na vrstici, da filtrirate druge gradnike',
    },
    kpi: {
      up: 'Več za {{percent}} kot v prejšnjem obdobju',
      down: 'Manj za {{percent}} kot v prejšnjem obdobju',
      same: 'Nespremenjeno glede na prejšnje obdobje',
      band: {
        red: 'Rdeče: potrebno ukrepanje',
        yellow: 'Rumeno: spremljajte',
        green: 'Zeleno: v skladu z načrtom',
      },
    },
    table: {
      sortBy: 'Razvrsti po {{column}}',
      record: { name: 'Zapis', title: 'Naslov' },
    },
    drill: {
      dismiss: 'Zapri',
    },
    value: {
      none: '(brez)',
      yes: 'Da',
      no: 'Ne',
      quarter: '{{quarter}}. čet. {{year}}',
      week: '{{week}}. teden, {{year}}',
    },
    refusal: {
      dashboards: {
        notFound: 'Ta nadzorna plošča ne obstaja ali ni deljena z vami.',
        noOrganisation: 'Nadzorne plošče pripadajo organizaciji: najprej izberite eno.',
        forbidden: 'To nadzorno ploščo lahko spremeni le njen lastnik ali skrbnik organizacije.',
        conflict: 'Ta nadzorna plošča je bila medtem spremenjena (zdaj različica {{version}}). Znova jo naložite, da vidite spremembo, nato ponovite svojo.',
        invalid: 'Nadzorne plošče ni mogoče shraniti: {{problems}}',
        notYourHome: 'Brati smete le svojo domačo stran.',
        notifyNotMember: 'Oseba, ki naj dobi nalogo, ko {{widget}} postane rdeč, ni član te organizacije.',
        notifyUnknownRole: 'Nobena aplikacija {{app}} te organizacije nima vloge {{role}}.',
        notifyCannotSee: 'Kdor dobi nalogo, ko {{widget}} postane rdeč, mora imeti možnost odpreti to nadzorno ploščo: najprej jo delite z njimi.',
      },
      datasets: {
        unknownApp: 'Ni aplikacije {{app}}, ki bi jo smeli uporabljati.',
        unknownDataset: 'Aplikacija {{app}} nima nabora podatkov {{dataset}}.',
        unknownDimension: 'Nabor podatkov {{dataset}} nima dimenzije {{key}}.',
        unknownMeasure: 'Nabor podatkov {{dataset}} nima mere {{key}}.',
        unavailable: '{{key}} nabora podatkov {{dataset}} ni mogoče izračunati: nabor navaja več dimenzij in mer, kot jih njegove številke vsebujejo.',
        forbidden: 'Ne smete brati zapisov, ki jih šteje nabor podatkov {{dataset}}.',
        hiddenField: 'Polja za {{key}} ne smete videti, zato ga številke ne morejo uporabiti.',
        badFilter: 'Filtra za {{key}} ni mogoče uporabiti tako: {{reason}}',
        badSort: 'Številk ni mogoče razvrstiti po {{key}}.',
        badRange: 'Časovno obdobje ni veljavno: {{reason}}',
        timeout: 'Izračun številk je trajal predolgo in je bil ustavljen. Zožite filtre ali časovno obdobje in poskusite znova.',
      },
    },
    editor: editor.dashboards.editor,
  },
};

export default sl_SI;
