import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Priorities in Norwegian (Bokmål): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  priorities: {
    views: {
      label: 'Visninger',
      assignments: 'Mine prioriteringer',
      followups: 'Min oppfølging',
      snoozed: 'Mine utsatte elementer',
    },
    colour: { RED: 'Rød', YELLOW: 'Gul', GREEN: 'Grønn', BLUE: 'Blå' },
    meaning: { RED: 'Forfalt', YELLOW: 'Forfaller snart', GREEN: 'I rute', BLUE: 'Ingen sluttdato' },
    filter: {
      label: 'Filtrer etter farge',
      all: 'Alle',
    },
    sort: {
      label: 'Sorter etter',
      end_date: 'Sluttdato',
      status: 'Tilstand',
      asc: 'Stigende',
      desc: 'Synkende',
      order: 'Sorteringsrekkefølge: {{order}}',
    },
    columns: {
      status: 'Tilstand',
      task: 'Oppgave',
      application: 'Program',
      assignee: 'Ansvarlig',
      creator: 'Opprettet av',
      endDate: 'Sluttdato',
      snoozedUntil: 'Utsatt til',
      comments: 'Kommentarer',
      actions: 'Handlinger',
    },
    task: {
      delegatedBy: 'Delegert fra {{name}}',
      noEndDate: 'Ingen sluttdato',
      comments: 'Kommentarer: {{count}}',
      completed: 'Fullført',
    },
    actions: {
      edit: 'Rediger',
      comments: 'Kommentarer',
      snooze: 'Utsett',
      manage: 'Gjenoppta eller forleng',
      complete: 'Fullfør',
      snoozeOff: 'Bare den ansvarlige kan utsette, og bare grønne oppgaver der sluttdatoen ikke er passert',
      completeOff: 'Bare den som opprettet oppgaven eller den ansvarlige kan fullføre den',
    },
    list: {
      loading: 'Laster inn oppgaver…',
      empty: 'Ingenting her. Du er ferdig for i dag!',
      emptyFiltered: 'Ingen oppgaver med fargen {{colour}} her.',
      showAll: 'Vis alle farger',
    },
    paging: {
      label: 'Sider',
      showing: 'Viser {{from}}–{{to}} av {{total}}',
      page: 'Side {{page}} av {{pages}}',
      first: 'Første side',
      previous: 'Forrige side',
      next: 'Neste side',
      last: 'Siste side',
    },
    failed: {
      title: 'Oppgavene dine kunne ikke lastes inn',
      retry: 'Prøv igjen',
      details: 'Detaljer',
    },
    reason: {
      unreachable: 'Serveren kan ikke nås. Sjekk tilkoblingen, og prøv igjen.',
      taskNotFound: 'Oppgaven finnes ikke lenger, eller du har ikke lenger tilgang til den.',
      taskNotEditable: 'Bare den som opprettet oppgaven eller den ansvarlige kan endre den.',
      other: 'Serveren kunne ikke svare som forventet. Prøv igjen om litt; hvis det fortsatt feiler, gi administratoren detaljene.',
    },
    highlight: {
      title: 'Oppgaven du åpnet',
      loading: 'Laster inn oppgaven…',
      missing: 'Denne oppgaven finnes ikke lenger, eller du har ikke tilgang til den.',
      close: 'Lukk',
    },
    notice: {
      completed: '«{{name}}» er fullført.',
      reopened: '«{{name}}» er åpen igjen.',
      failed: '«{{name}}» kunne ikke endres: {{reason}}',
      undo: 'Angre',
      dismiss: 'Skjul',
    },
  },
};

export default nb_NO;
