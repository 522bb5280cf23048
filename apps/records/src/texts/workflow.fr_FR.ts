import type { TextsShape } from '@atrium/sdk';
import type { workflow_en_EN } from './workflow.en_EN.js';

/** Français : le workflow d’un enregistrement dans Records. */
const workflow_fr_FR: TextsShape<typeof workflow_en_EN> = {
  records: {
    workflow: {
      label: 'Flux de travail',
      state: 'État : {{state}}',
      entered: 'Depuis le {{date}}',
      due: 'Échéance le {{date}}',
      dueStatus: {
        RED: 'en retard',
        YELLOW: 'échéance proche',
        GREEN: 'dans les temps',
      },
      assignees: 'Assigné à',
      noAssignees: 'Personne',
      actions: 'Étapes',
      blockedCondition: 'Pas encore possible : l’enregistrement ne remplit pas la condition de cette étape.',
      blockedRequires: 'À remplir : {{fields}}',
      enteredState: 'L’enregistrement est maintenant à l’état {{state}}.',
      sending: 'Envoi…',
      comment: 'Commentaire',
      commentOptional: 'Commentaire (facultatif)',
      commentMissing: 'Écrivez un commentaire pour franchir cette étape.',
      cancel: 'Annuler',
      approvals: 'Approbations : {{count}} sur {{needed}}',
      approvers: 'Approbateurs',
      decision: {
        approve: 'Approuvé',
        reject: 'Refusé',
        waiting: 'En attente',
      },
      delegatedFor: 'pour {{name}}',
      follow: 'Suivre',
      following: 'Suivi',
      reassign: 'Réassigner',
      reassignOf: 'Confier le travail de {{name}} à',
      reassignSend: 'Confier',
      diagram: 'États et étapes',
      current: 'état actuel',
      arrow: '{{from}} → {{to}} : {{action}}',
      dismiss: 'Fermer',
      refused: 'Cette étape n’a pas été franchie : {{reason}}',
      noTransition: 'aucune étape que vous pouvez franchir ne mène à cet état.',
      blockedMove: 'l’étape vers cet état n’est pas encore possible.',
      waitingForMe: 'En attente de moi',
      unknownUser: 'Utilisateur inconnu',
    },
  },
};
export default workflow_fr_FR;
