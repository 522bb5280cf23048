import type { TextsShape } from '@atrium/sdk';
import type { workflow_en_EN } from './workflow.en_EN.js';

/** Slovenščina: potek dela zapisa v Records. */
const workflow_sl_SI: TextsShape<typeof workflow_en_EN> = {
  records: {
    workflow: {
      label: 'Potek dela',
      state: 'Stanje: {{state}}',
      entered: 'Od {{date}}',
      due: 'Rok {{date}}',
      dueStatus: {
        RED: 'zamuja',
        YELLOW: 'rok se bliža',
        GREEN: 'pravočasno',
      },
      assignees: 'Dodeljeno',
      noAssignees: 'Nihče',
      actions: 'Koraki',
      blockedCondition: 'Še ni mogoče: zapis ne izpolnjuje pogoja tega koraka.',
      blockedRequires: 'Izpolnite: {{fields}}',
      enteredState: 'Zapis je zdaj v stanju {{state}}.',
      sending: 'Pošiljanje …',
      comment: 'Komentar',
      commentOptional: 'Komentar (neobvezno)',
      commentMissing: 'Za ta korak napišite komentar.',
      cancel: 'Prekliči',
      approvals: 'Odobritve: {{count}} od {{needed}}',
      approvers: 'Odobritelji',
      decision: {
        approve: 'Odobreno',
        reject: 'Zavrnjeno',
        waiting: 'Čaka',
      },
      delegatedFor: 'namesto {{name}}',
      follow: 'Spremljaj',
      following: 'Spremljate',
      reassign: 'Prerazporedi',
      reassignOf: 'Delo osebe {{name}} predaj osebi',
      reassignSend: 'Predaj',
      diagram: 'Stanja in koraki',
      current: 'trenutno stanje',
      arrow: '{{from}} → {{to}}: {{action}}',
      dismiss: 'Zapri',
      refused: 'Ta korak ni bil izveden: {{reason}}',
      noTransition: 'noben korak, ki ga smete izvesti, ne vodi v to stanje.',
      blockedMove: 'korak v to stanje še ni mogoč.',
      waitingForMe: 'Čaka name',
      unknownUser: 'Neznan uporabnik',
    },
  },
};
export default workflow_sl_SI;
