import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Priorities in Slovenian: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const sl_SI: TextsShape<typeof en_EN> = {
  priorities: {
    views: {
      label: 'Pogledi',
      assignments: 'Moje prioritete',
      followups: 'Moje spremljanje',
      snoozed: 'Moji odloženi elementi',
    },
    colour: { RED: 'Rdeča', YELLOW: 'Rumena', GREEN: 'Zelena', BLUE: 'Modra' },
    meaning: { RED: 'Zapadlo', YELLOW: 'Kmalu zapade', GREEN: 'Po načrtu', BLUE: 'Brez končnega datuma' },
    filter: {
      label: 'Filtriraj po barvi',
      all: 'Vse',
    },
    sort: {
      label: 'Razvrsti po',
      end_date: 'Končni datum',
      status: 'Stanje',
      asc: 'Naraščajoče',
      desc: 'Padajoče',
      order: 'Vrstni red: {{order}}',
    },
    columns: {
      status: 'Stanje',
      task: 'Naloga',
      application: 'Aplikacija',
      assignee: 'Izvajalec',
      creator: 'Ustvaril',
      endDate: 'Končni datum',
      snoozedUntil: 'Odloženo do',
      comments: 'Komentarji',
      actions: 'Dejanja',
    },
    task: {
      delegatedBy: 'Prenesel(a) {{name}}',
      noEndDate: 'Brez končnega datuma',
      comments: 'Komentarji: {{count}}',
      completed: 'Dokončano',
    },
    actions: {
      edit: 'Uredi',
      comments: 'Komentarji',
      snooze: 'Odloži',
      manage: 'Prekliči odlog ali ga podaljšaj',
      complete: 'Dokončaj',
      snoozeOff: 'Odloži lahko le izvajalec, in le zelene naloge, katerih končni datum še ni minil',
      completeOff: 'To nalogo lahko dokonča le njen ustvarjalec ali izvajalec',
    },
    list: {
      loading: 'Nalaganje nalog …',
      empty: 'Tukaj ni ničesar. Za danes ste končali!',
      emptyFiltered: 'Tukaj ni nalog z barvo {{colour}}.',
      showAll: 'Pokaži vse barve',
    },
    paging: {
      label: 'Strani',
      showing: 'Prikazano {{from}}–{{to}} od {{total}}',
      page: 'Stran {{page}} od {{pages}}',
      first: 'Prva stran',
      previous: 'Prejšnja stran',
      next: 'Naslednja stran',
      last: 'Zadnja stran',
    },
    failed: {
      title: 'Vaših nalog ni bilo mogoče naložiti',
      retry: 'Poskusi znova',
      details: 'Podrobnosti',
    },
    reason: {
      unreachable: 'Strežnik ni dosegljiv. Preverite povezavo in poskusite znova.',
      taskNotFound: 'Naloga ne obstaja več ali je ne smete več videti.',
      taskNotEditable: 'To nalogo lahko spremeni le njen ustvarjalec ali izvajalec.',
      other: 'Strežnik ni odgovoril, kot je bilo pričakovano. Čez trenutek poskusite znova; če se napaka ponavlja, skrbniku posredujte podrobnosti.',
    },
    highlight: {
      title: 'Naloga, ki ste jo odprli',
      loading: 'Nalaganje naloge …',
      missing: 'Ta naloga ne obstaja več ali je ne smete videti.',
      close: 'Zapri',
    },
    notice: {
      completed: '»{{name}}« je dokončana.',
      reopened: '»{{name}}« je spet odprta.',
      failed: '»{{name}}« ni bilo mogoče spremeniti: {{reason}}',
      undo: 'Razveljavi',
      dismiss: 'Skrij',
    },
  },
};

export default sl_SI;
