import type { TextsShape } from '@atrium/sdk';
import type { workflow_en_EN } from './workflow.en_EN.js';

/** Norsk: arbeidsflyten til en post i Records. */
const workflow_nb_NO: TextsShape<typeof workflow_en_EN> = {
  records: {
    workflow: {
      label: 'Arbeidsflyt',
      state: 'Status: {{state}}',
      entered: 'Siden {{date}}',
      due: 'Frist {{date}}',
      dueStatus: {
        RED: 'forfalt',
        YELLOW: 'forfaller snart',
        GREEN: 'i rute',
      },
      assignees: 'Tildelt',
      noAssignees: 'Ingen',
      actions: 'Trinn',
      blockedCondition: 'Ikke mulig ennå: posten oppfyller ikke betingelsen for dette trinnet.',
      blockedRequires: 'Fyll ut: {{fields}}',
      enteredState: 'Posten har nå status {{state}}.',
      sending: 'Sender…',
      comment: 'Kommentar',
      commentOptional: 'Kommentar (valgfritt)',
      commentMissing: 'Skriv en kommentar for å ta dette trinnet.',
      cancel: 'Avbryt',
      approvals: 'Godkjenninger: {{count}} av {{needed}}',
      approvers: 'Godkjennere',
      decision: {
        approve: 'Godkjent',
        reject: 'Avvist',
        waiting: 'Venter',
      },
      delegatedFor: 'for {{name}}',
      follow: 'Følg',
      following: 'Følger',
      reassign: 'Tildel på nytt',
      reassignOf: 'Gi arbeidet til {{name}} videre til',
      reassignSend: 'Tildel',
      diagram: 'Statuser og trinn',
      current: 'nåværende status',
      arrow: '{{from}} → {{to}}: {{action}}',
      dismiss: 'Lukk',
      refused: 'Dette trinnet ble ikke tatt: {{reason}}',
      noTransition: 'ingen trinn du kan ta, fører til den statusen.',
      blockedMove: 'trinnet til den statusen er ikke mulig ennå.',
      waitingForMe: 'Venter på meg',
      unknownUser: 'Ukjent bruker',
    },
  },
};
export default workflow_nb_NO;
