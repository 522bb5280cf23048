/** English, the fallback: the Text Editor's own texts (under 'textEditor'). */
export const en_EN = {
  textEditor: {
    untitled: 'Untitled',
    toolbar: 'Text Editor toolbar',
    new: 'New',
    open: 'Open…',
    save: 'Save',
    saveAs: 'Save As…',
    wrap: 'Wrap long lines',
    content: 'Text of {{name}}',
    status: 'Document status',
    modified: 'Modified',
    position: 'Ln {{line}}, Col {{column}}',
    loading: 'Opening…',
    saving: 'Saving…',
    dismiss: 'Dismiss',
    download: 'Download',
    tooLarge: { title: '{{name}} is too large to edit', text: 'The Text Editor opens files up to {{limit}}; this one is {{size}}. You can download it instead.' },
    unsaved: { title: 'Unsaved changes', message: 'Do you want to save the changes to {{name}}?', save: 'Save', discard: 'Discard' },
    reopen: {
      title: '{{name}} could not be opened again',
      missing: 'It is no longer at {{path}}: it was moved, renamed or deleted since this window showed it. Open it from where it is now with Open…, or close this window.',
      unsaved: 'Changes to {{name}} that were not saved before the page was left were not kept: this is the file as last saved.',
      draftLost: { title: 'A new document was not kept', message: 'Its text was never saved to a file, so it could not come back after the page was left.' },
    },
  },
} as const;
