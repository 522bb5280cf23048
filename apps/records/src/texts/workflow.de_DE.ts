import type { TextsShape } from '@atrium/sdk';
import type { workflow_en_EN } from './workflow.en_EN.js';

/** Deutsch: der Workflow eines Datensatzes in Records. */
const workflow_de_DE: TextsShape<typeof workflow_en_EN> = {
  records: {
    workflow: {
      label: 'Workflow',
      state: 'Status: {{state}}',
      entered: 'Seit {{date}}',
      due: 'Fällig am {{date}}',
      dueStatus: {
        RED: 'überfällig',
        YELLOW: 'bald fällig',
        GREEN: 'im Zeitplan',
      },
      assignees: 'Zugewiesen an',
      noAssignees: 'Niemand',
      actions: 'Schritte',
      blockedCondition: 'Noch nicht möglich: Der Datensatz erfüllt die Bedingung dieses Schritts nicht.',
      blockedRequires: 'Bitte ausfüllen: {{fields}}',
      enteredState: 'Der Datensatz hat jetzt den Status {{state}}.',
      sending: 'Wird gesendet…',
      comment: 'Kommentar',
      commentOptional: 'Kommentar (optional)',
      commentMissing: 'Schreiben Sie einen Kommentar, um diesen Schritt auszuführen.',
      cancel: 'Abbrechen',
      approvals: 'Genehmigungen: {{count}} von {{needed}}',
      approvers: 'Genehmigende',
      decision: {
        approve: 'Genehmigt',
        reject: 'Abgelehnt',
        waiting: 'Ausstehend',
      },
      delegatedFor: 'in Vertretung von {{name}}',
      follow: 'Folgen',
      following: 'Gefolgt',
      reassign: 'Neu zuweisen',
      reassignOf: 'Die Arbeit von {{name}} übergeben an',
      reassignSend: 'Zuweisen',
      diagram: 'Status und Schritte',
      current: 'aktueller Status',
      arrow: '{{from}} → {{to}}: {{action}}',
      dismiss: 'Schließen',
      refused: 'Dieser Schritt wurde nicht ausgeführt: {{reason}}',
      noTransition: 'Kein Schritt, den Sie ausführen dürfen, führt zu diesem Status.',
      blockedMove: 'Der Schritt zu diesem Status ist noch nicht möglich.',
      waitingForMe: 'Wartet auf mich',
      unknownUser: 'Unbekannter Benutzer',
    },
  },
};
export default workflow_de_DE;
