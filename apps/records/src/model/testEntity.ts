import { Entity } from '@atrium/shared/apps';

/**
 * The leave request of the tests: a status on a board, a calendar from its
 * first to its last day, and fields of the kinds a timeline words. Never
 * used by production code.
 */
export const leaveRequest: Entity = Entity.parse({
  label: { en_EN: 'Leave request', de_DE: 'Urlaubsantrag' },
  pluralLabel: { en_EN: 'Leave requests', de_DE: 'Urlaubsanträge' },
  naming: { series: 'LR-{YYYY}-{#####}' },
  titleField: 'title',
  ownerField: 'employee',
  fields: {
    title: { type: 'text', label: { en_EN: 'Title' }, required: true },
    employee: { type: 'user', label: { en_EN: 'Employee' } },
    status: {
      type: 'choice',
      label: { en_EN: 'Status', de_DE: 'Status' },
      choices: [
        { value: 'requested', label: { en_EN: 'Requested', de_DE: 'Beantragt' }, colour: 'blue' },
        { value: 'approved', label: { en_EN: 'Approved', de_DE: 'Genehmigt' }, colour: 'green' },
        { value: 'rejected', label: { en_EN: 'Rejected', de_DE: 'Abgelehnt' }, colour: 'red' },
      ],
    },
    from: { type: 'date', label: { en_EN: 'First day' }, required: true },
    to: { type: 'date', label: { en_EN: 'Last day' } },
    days: { type: 'number', label: { en_EN: 'Days' }, computed: { daysBetween: ['from', 'to'], workdays: true } },
    paid: { type: 'boolean', label: { en_EN: 'Paid' } },
    note: { type: 'longText', label: { en_EN: 'Note' } },
  },
  cardFields: ['employee', 'from'],
  views: {
    board: { groupBy: 'status', cardFields: ['employee', 'from', 'to'] },
    calendar: { start: 'from', end: 'to' },
  },
  rights: { everyone: { actions: ['read', 'create', 'update', 'comment'] } },
});
