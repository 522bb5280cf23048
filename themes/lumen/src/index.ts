/**
 * The Lumen icons: line icons on a 24px grid, 1.75px strokes with round
 * caps and joins, drawn in currentColor so they take the colour of the text
 * around them. Names: the desktop's own (preferences, viewer, application
 * as the default, notification...) and one per application category (docs/behaviour/applications.md#categories),
 * the category's words joined by '-' ('quality management' →
 * 'quality-management').
 */
import type { IconsModule } from '@atrium/shared';

/** One icon's SVG markup around its shapes. */
function icon(shapes: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${shapes}</svg>`;
}

const icons: Record<string, string> = {
  // The desktop and its applications.
  application: icon('<rect x="4" y="4" width="6.5" height="6.5" rx="1.5"/><rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5"/><rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5"/><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5"/>'),
  preferences: icon('<path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1"/><circle cx="15" cy="6" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="18" r="2"/>'),
  viewer: icon('<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 8.5h18"/><path d="M7 14.5s1.9-3 5-3 5 3 5 3-1.9 3-5 3-5-3-5-3Z"/><circle cx="12" cy="14.5" r="1"/>'),
  notification: icon('<path d="M6 16v-5a6 6 0 0 1 12 0v5l1.5 2h-15Z"/><path d="M10 20.5a2 2 0 0 0 4 0"/>'),
  wallpaper: icon('<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="8.5" cy="9" r="1.5"/><path d="m21 15.5-4.5-4.5L7 20"/>'),
  theme: icon('<path d="M12 3a9 9 0 1 0 0 18c1 0 1.6-.7 1.6-1.6 0-.5-.2-.9-.5-1.2a1.7 1.7 0 0 1 1.2-2.9h2.2A4.5 4.5 0 0 0 21 10.8C21 6.5 17 3 12 3Z"/><circle cx="7.5" cy="11.5" r="1"/><circle cx="10" cy="7.5" r="1"/><circle cx="15" cy="7.5" r="1"/>'),
  font: icon('<path d="M5 7V5h14v2M12 5v14M9 19h6"/>'),
  language: icon('<path d="M4 5h8M8 3v2M6 5c0 4 2.5 7 5.5 8.5M10 5c0 3.5-2.5 7-6 9"/><path d="m13 21 4-9 4 9M14.5 18h5"/>'),
  panel: icon('<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 9h18M6.5 6.5h4"/>'),
  widget: icon('<rect x="3.5" y="3.5" width="7" height="7" rx="1.5"/><rect x="13.5" y="3.5" width="7" height="7" rx="1.5"/><rect x="3.5" y="13.5" width="7" height="7" rx="1.5"/><path d="M17 13.5v7M13.5 17h7"/>'),
  sound: icon('<path d="M4 9.5v5h3.5l4.5 4v-13l-4.5 4Z"/><path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11"/>'),
  general: icon('<rect x="2.5" y="7" width="19" height="10" rx="5"/><circle cx="16.5" cy="12" r="2.5"/>'),
  lock: icon('<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7.5a4 4 0 0 1 8 0V11M12 15v2"/>'),
  user: icon('<circle cx="12" cy="8" r="4"/><path d="M4.5 20.5a7.5 7.5 0 0 1 15 0"/>'),
  chat: icon('<path d="M20 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.2A8 8 0 1 1 20 12Z"/><path d="M8.5 12h.01M12 12h.01M15.5 12h.01"/>'),
  mail: icon('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5"/>'),
  close: icon('<path d="M18 6 6 18M6 6l12 12"/>'),
  'external-link': icon('<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>'),
  reload: icon('<path d="M20 11a8 8 0 1 0-2.3 5.7"/><path d="M20 4v7h-7"/>'),
  check: icon('<path d="m5 12.5 4.5 4.5L19 7.5"/>'),
  files: icon('<path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z"/><path d="M3 10h18"/>'),
  'text-editor': icon('<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z"/><path d="M14 3v5h5M8.5 12.5h7M8.5 16h4.5"/>'),
  preview: icon('<rect x="3" y="4" width="18" height="16" rx="2"/><path d="m3 17 5-5 4 4 2-2 7 6"/><path d="M14.5 7.5v4l3.5-2Z"/>'),
  'global-search': icon('<circle cx="10.5" cy="10.5" r="6.5"/><path d="M4 10.5h13M10.5 4c-2.2 2.4-2.2 10.6 0 13M10.5 4c2.2 2.4 2.2 10.6 0 13"/><path d="m15.5 15.5 4.5 4.5"/>'),
  'file-search': icon('<path d="M13 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h4"/><path d="M13 3v5h5v3"/><circle cx="16" cy="16" r="3.25"/><path d="m18.5 18.5 2.5 2.5"/>'),
  priorities: icon('<rect x="5" y="4" width="14" height="17" rx="2"/><path d="M9 4v-.5A1.5 1.5 0 0 1 10.5 2h3A1.5 1.5 0 0 1 15 3.5V4"/><path d="M8.5 10h.01M11.5 10h4M8.5 13.5h.01M11.5 13.5h4M8.5 17h.01M11.5 17h2.5"/>'),
  // The application categories.
  collaboration: icon('<circle cx="9" cy="8" r="3"/><path d="M3.5 19a5.5 5.5 0 0 1 11 0"/><path d="M16 5.2a3 3 0 0 1 0 5.6M17.5 13.6a5.5 5.5 0 0 1 3 5.4"/>'),
  organization: icon('<rect x="9" y="3" width="6" height="5" rx="1"/><rect x="3" y="16" width="6" height="5" rx="1"/><rect x="15" y="16" width="6" height="5" rx="1"/><path d="M12 8v4M6 16v-2a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v2"/>'),
  'quality-management': icon('<circle cx="12" cy="9" r="6"/><path d="m9.5 9 1.8 1.8 3.2-3.3"/><path d="M8.5 14 7 21l5-2.5 5 2.5-1.5-7"/>'),
  'information-security-management': icon('<path d="M12 3 5 6v5c0 4.4 3 8.3 7 10 4-1.7 7-5.6 7-10V6Z"/><path d="m9 12 2 2 4-4"/>'),
  'operational-intelligence': icon('<path d="M4 4v16h16"/><path d="m8 15 3.5-4 3 2.5L19 8"/>'),
  'employee-center': icon('<rect x="4" y="3" width="16" height="18" rx="2"/><circle cx="12" cy="10" r="2.5"/><path d="M8 17a4 4 0 0 1 8 0M10 3v2h4V3"/>'),
  'sales-and-marketing': icon('<path d="M4 10v4a1 1 0 0 0 1 1h2l7 4V5L7 9H5a1 1 0 0 0-1 1Z"/><path d="M18 9a4 4 0 0 1 0 6M7 15v4.5"/>'),
};

const lumen: IconsModule = { type: 'icons', icons };

export default lumen;
