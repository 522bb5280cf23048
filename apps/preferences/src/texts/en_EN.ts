/** English, the fallback: the Preferences's own texts (under 'preferences'). */
export const en_EN = {
  preferences: {
    sections: 'Preferences sections',
    section: {
      appearance: 'Appearance',
      panels: 'Panels',
      widgets: 'Widgets',
      language: 'Language',
      general: 'General',
    },
    locked: 'Locked by your organisation',
    appearance: {
      theme: 'Theme',
      icons: 'Icons',
      wallpaper: 'Wallpaper',
      noWallpaper: 'No picture',
      style: 'Picture layout',
      color: 'Background colour',
      font: 'Font',
      none: 'None installed',
      styles: {
        cover: 'Fill',
        contain: 'Fit',
        repeat: 'Tile',
        center: 'Centre',
        color: 'Colour only',
      },
    },
    panels: {
      position: 'Panel position',
      top: 'Top',
      bottom: 'Bottom',
      items: 'Panel items',
      item: {
        menu: 'Application menu',
        windows: 'Window list',
        tray: 'System tray',
        profile: 'Profile menu',
        notifications: 'Notification centre',
        search: 'Global search',
        logout: 'Logout button',
        home: 'My Home button',
      },
    },
    widgets: {
      legend: 'Desktop widgets',
      home: 'Home widget',
      homeHint: "Your dashboard or your organisation's page, on the desktop.",
    },
    language: {
      legend: 'Interface language',
    },
    general: {
      greetingLegend: 'Greeting',
      greeting: 'Greet me after I sign in',
      greetingError: 'The greeting could not be changed. Please try again.',
      soundsLegend: 'Sounds',
      sounds: 'Play sounds',
      volume: 'Volume',
    },
  },
} as const;
