/**
 * The texts of the work items and global search (the notification centre's
 * side panel, its snooze and comments dialogs, the search panel): a
 * catalogue part loaded when one of them first opens (loadWorkCatalogue),
 * so the desktop's start does not carry it. Applications (Priorities,
 * GlobalSearch) carry their own texts and may use these too.
 */
export const en_EN = {
  /** The notification centre (docs/behaviour/work.md). */
  work: {
    views: {
      assignments: 'My Priorities',
      followups: 'My Follow Up',
      snoozed: 'My Snoozed Items',
    },
  },
  /** The global search panel (docs/behaviour/search.md). */
  globalSearch: {
    title: 'What are you searching for?',
    input: 'Search text',
    placeholder: 'Search apps, people, files and comments',
    submit: 'Search',
    close: 'Close search',
    filters: 'Search in',
    filter: {
      apps: 'Apps',
      users: 'Users',
      attachments: 'Attachments',
      comments: 'Comments',
    },
    recent: 'Recent',
    noRecent: 'Your recent searches will appear here.',
    problem: {
      empty: 'Please enter something to search!',
      special: 'The use of special characters is not allowed!',
    },
  },
};
