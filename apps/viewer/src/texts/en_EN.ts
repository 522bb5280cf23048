/** English, the fallback: the Viewer's own texts (under 'viewer'). */
export const en_EN = {
  viewer: {
    toolbar: 'Viewer toolbar',
    reload: 'Reload',
    openInNewTab: 'Open in a new tab',
    empty: {
      title: 'Nothing to show',
      text: 'The viewer shows the web applications of your profile. Open one from the application menu.',
    },
  },
} as const;
