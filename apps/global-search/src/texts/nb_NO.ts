import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of GlobalSearch in Norwegian (Bokmål): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  globalSearchApp: {
    search: { label: 'Søketekst', placeholder: 'Søk etter apper, personer, filer og kommentarer', submit: 'Søk' },
    tabs: { label: 'Typer resultater', all: 'Alle', apps: 'Apper', users: 'Brukere', attachments: 'Vedlegg', comments: 'Kommentarer', records: 'Poster' },
    results: 'Resultater for «{{text}}»',
    loading: 'Søker…',
    start: 'Skriv hva du leter etter, og trykk Enter.',
    showAll: 'Vis alle {{count}}',
    more: 'Vis flere',
    moreFailed: 'Flere resultater kunne ikke lastes inn.',
    empty: {
      title: 'Fant ingenting for «{{text}}»',
      hint: 'Sjekk stavemåten, eller prøv andre eller færre ord.',
      kind: 'Ingenting blant {{kind}} passer til «{{text}}».',
    },
    error: {
      title: 'Søket kunne ikke utføres',
      hint: 'Sjekk tilkoblingen, og prøv igjen.',
      retry: 'Prøv igjen',
      details: 'Tekniske detaljer',
    },
    problem: {
      empty: 'Skriv inn noe å søke etter!',
      special: 'Spesialtegn er ikke tillatt!',
    },
    openFailed: 'Dette resultatet kunne ikke åpnes: {{reason}}',
    result: {
      matchedName: 'Navnet passer',
      matchedContent: 'Teksten passer',
      task: 'Oppgave {{task}} i {{app}}',
      record: '{{entity}} {{name}} i {{app}}',
      onRecord: 'På {{entity}} «{{title}}» i {{app}}',
      colour: { RED: 'Rød', YELLOW: 'Gul', GREEN: 'Grønn', BLUE: 'Blå' },
    },
  },
};

export default nb_NO;
