/**
 * English, the fallback: the texts of a record's workflow in Records (the
 * form's state, steps, approvals, following and reassigning; the board's
 * moves that take a step; the list's "Waiting for me"), under 'records'
 * and merged with the application's other texts.
 */
export const workflow_en_EN = {
  records: {
    workflow: {
      label: 'Workflow',
      state: 'State: {{state}}',
      entered: 'Since {{date}}',
      due: 'Due {{date}}',
      dueStatus: {
        RED: 'overdue',
        YELLOW: 'due soon',
        GREEN: 'on time',
      },
      assignees: 'Assigned to',
      noAssignees: 'No one',
      actions: 'Steps',
      blockedCondition: 'Not possible yet: the record does not meet this step’s condition.',
      blockedRequires: 'Fill in: {{fields}}',
      enteredState: 'The record is now in the state {{state}}.',
      sending: 'Sending…',
      comment: 'Comment',
      commentOptional: 'Comment (optional)',
      commentMissing: 'Write a comment to take this step.',
      cancel: 'Cancel',
      approvals: 'Approvals: {{count}} of {{needed}}',
      approvers: 'Approvers',
      decision: {
        approve: 'Approved',
        reject: 'Rejected',
        waiting: 'Waiting',
      },
      delegatedFor: 'for {{name}}',
      follow: 'Follow',
      following: 'Following',
      reassign: 'Reassign',
      reassignOf: 'Give the work of {{name}} to',
      reassignSend: 'Reassign',
      diagram: 'States and steps',
      current: 'current state',
      arrow: '{{from}} → {{to}}: {{action}}',
      dismiss: 'Dismiss',
      refused: 'This step was not taken: {{reason}}',
      noTransition: 'no step you may take leads to that state.',
      blockedMove: 'the step to that state is not possible yet.',
      waitingForMe: 'Waiting for me',
      unknownUser: 'Unknown user',
    },
  },
};
