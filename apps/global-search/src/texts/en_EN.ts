/** English, the fallback: GlobalSearch's own texts (under 'globalSearchApp'). The two refusals are the product's exact wording. */
export const en_EN = {
  globalSearchApp: {
    search: { label: 'Search text', placeholder: 'Search apps, people, files and comments', submit: 'Search' },
    tabs: { label: 'Kinds of results', all: 'All', apps: 'Apps', users: 'Users', attachments: 'Attachments', comments: 'Comments', records: 'Records' },
    results: 'Results for “{{text}}”',
    loading: 'Searching…',
    start: 'Type what you are looking for and press Enter.',
    showAll: 'Show all {{count}}',
    more: 'Show more',
    moreFailed: 'More results could not be loaded.',
    empty: {
      title: 'Nothing found for “{{text}}”',
      hint: 'Check the spelling, or try other or fewer words.',
      kind: 'Nothing among {{kind}} matches “{{text}}”.',
    },
    error: {
      title: 'The search could not be done',
      hint: 'Check your connection, then try again.',
      retry: 'Try again',
      details: 'Technical details',
    },
    problem: {
      empty: 'Please enter something to search!',
      special: 'The use of special characters is not allowed!',
    },
    openFailed: 'This result could not be opened: {{reason}}',
    result: {
      matchedName: 'Name matches',
      matchedContent: 'Text matches',
      task: 'Task {{task}} in {{app}}',
      record: '{{entity}} {{name}} in {{app}}',
      onRecord: 'On {{entity}} “{{title}}” in {{app}}',
      colour: { RED: 'Red', YELLOW: 'Yellow', GREEN: 'Green', BLUE: 'Blue' },
    },
  },
} as const;
