/** English, the fallback: the Preview's own texts (under 'preview'). */
export const en_EN = {
  preview: {
    toolbar: 'Preview toolbar',
    previous: 'Previous file',
    next: 'Next file',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit to window',
    actualSize: 'Actual size',
    download: 'Download',
    loading: 'Loading {{name}}…',
    position: '{{index}} of {{count}}',
    unsupported: 'Preview cannot show {{name}}: it is not a picture, a video, a sound or a PDF file.',
    failed: '{{name}} could not be shown: the file may be damaged, or in a format this browser cannot play.',
    empty: { title: 'Nothing to preview', text: 'Open a picture, a video, a sound or a PDF document from your files to see it here.' },
    reopen: { missing: '{{name}} is no longer at {{path}}: it was moved, renamed or deleted since this window showed it. Find it in Files to open it again.' },
  },
} as const;
