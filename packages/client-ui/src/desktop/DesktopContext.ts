import type { Desktop } from '@atrium/client-core';
import { createContext, useContext } from 'react';
import type { WindowSlots } from '../windows/WindowSlots.js';

/**
 * The models of one signed-in desktop (client-core's createDesktop), shared
 * by its views and by accessories like the developer entry, plus the
 * windows' body elements that content is rendered into.
 */
export interface DesktopServices extends Desktop {
  slots: WindowSlots;
}

export const DesktopContext = createContext<DesktopServices | null>(null);

/** The desktop's models; only valid inside <Desktop> (or a test provider). */
export function useDesktop(): DesktopServices {
  const services = useContext(DesktopContext);
  if (!services) throw new Error('useDesktop() needs a DesktopContext provider');
  return services;
}

/** The desktop's models, or null before they exist. */
export function useOptionalDesktop(): DesktopServices | null {
  return useContext(DesktopContext);
}
