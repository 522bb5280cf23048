import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Text Editor in Norwegian (Bokmål): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const nb_NO: TextsShape<typeof en_EN> = {
  textEditor: {
    untitled: 'Uten navn',
    toolbar: 'Verktøylinje for tekstredigering',
    new: 'Ny',
    open: 'Åpne…',
    save: 'Lagre',
    saveAs: 'Lagre som…',
    wrap: 'Bryt lange linjer',
    content: 'Teksten i {{name}}',
    status: 'Dokumentstatus',
    modified: 'Endret',
    position: 'Linje {{line}}, kol. {{column}}',
    loading: 'Åpner…',
    saving: 'Lagrer…',
    dismiss: 'Lukk',
    download: 'Last ned',
    tooLarge: { title: '{{name}} er for stor til å redigeres', text: 'Tekstredigeringen åpner filer på opptil {{limit}}; denne er {{size}}. Du kan laste den ned i stedet.' },
    unsaved: { title: 'Ulagrede endringer', message: 'Vil du lagre endringene i {{name}}?', save: 'Lagre', discard: 'Forkast' },
    reopen: {
      title: '{{name}} kunne ikke åpnes igjen',
      missing: 'Filen finnes ikke lenger på {{path}}: den er flyttet, har fått nytt navn eller er slettet siden dette vinduet viste den. Åpne den fra det nye stedet med «Åpne…», eller lukk dette vinduet.',
      unsaved: 'Endringer i {{name}} som ikke var lagret før siden ble forlatt, er ikke tatt vare på: dette er filen slik den sist ble lagret.',
      draftLost: { title: 'Et nytt dokument ble ikke tatt vare på', message: 'Teksten ble aldri lagret i en fil, så den kunne ikke komme tilbake etter at siden ble forlatt.' },
    },
  },
};

export default nb_NO;
