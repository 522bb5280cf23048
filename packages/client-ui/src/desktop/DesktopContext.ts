import type { CommandRegistry, DialogService, WindowManager } from '@atrium/client-core';
import { createContext, useContext } from 'react';
import type { DesktopRuntimePort } from '../ports.js';
import type { WindowSlots } from '../windows/WindowSlots.js';
import type { DesktopUi } from './DesktopUi.js';

/** The models of one signed-in desktop, shared by its views (and by accessories like the developer entry). */
export interface DesktopServices {
  windows: WindowManager;
  dialogs: DialogService;
  commands: CommandRegistry;
  /** The windows' body elements, for content rendered into them. */
  slots: WindowSlots;
  ui: DesktopUi;
  /** The application platform (packages, settings, notifications...); null for a desktop without applications. */
  runtime: DesktopRuntimePort | null;
  /** The desktop clock's time (the greeting's hour). */
  now(): number;
  /** Forgets the page address's launch request once its app has been launched. */
  forgetLaunchRequest(): void;
}

export const DesktopContext = createContext<DesktopServices | null>(null);

/** The desktop's models; only valid inside <Desktop> (or a test provider). */
export function useDesktop(): DesktopServices {
  const services = useContext(DesktopContext);
  if (!services) throw new Error('useDesktop() needs a DesktopContext provider');
  return services;
}

/** The desktop's models, or null before they exist (views beside the desktop, like the user card). */
export function useOptionalDesktop(): DesktopServices | null {
  return useContext(DesktopContext);
}
