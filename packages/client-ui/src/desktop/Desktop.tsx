import { useCallback, useRef, type JSX, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtrium } from '../AtriumContext.js';
import { DialogHost } from '../dialogs/DialogHost.js';
import { useOwnedModel } from '../hooks/useOwnedModel.js';
import { WindowLayer } from '../windows/WindowLayer.js';
import { createDesktopServices } from './createDesktopServices.js';
import { DesktopContext } from './DesktopContext.js';
import { KeyboardModeStatus } from './KeyboardModeStatus.js';
import { MinimizedStrip } from './MinimizedStrip.js';
import { useDesktopKeys, useViewport } from './useDesktopEvents.js';
import './Desktop.css';

export interface DesktopProps {
  /** What lies on the desktop below the windows (the user card until the panel arrives). */
  children?: ReactNode;
}

/**
 * The signed-in desktop (§2 Desktop shell): a full-viewport surface holding
 * the windows of its own WindowManager, their dialogs, the strip of
 * minimized windows and the desktop accessory (the developer entry in
 * development builds). The models live as long as the desktop; the
 * WindowManager's viewport follows the surface's size.
 */
export function Desktop({ children }: DesktopProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const { models, desktopAccessory: Accessory } = useAtrium();
  const surface = useRef<HTMLElement>(null);
  const translate = useCallback((key: string, vars?: Record<string, unknown>) => String(i18n.t(key, vars ?? {})), [i18n]);
  const services = useOwnedModel(() => createDesktopServices(models, surface.current, translate), [models, translate]);
  useViewport(services, surface);
  useDesktopKeys(services);
  return (
    <main ref={surface} className="atr-desktop" aria-label={t('desktop.label')} data-testid="desktop" onContextMenu={suppressContextMenu}>
      {children}
      {services && (
        <DesktopContext.Provider value={services}>
          <WindowLayer />
          <DialogHost />
          <MinimizedStrip />
          <KeyboardModeStatus />
          {Accessory && <Accessory />}
        </DesktopContext.Provider>
      )}
    </main>
  );
}

/** §2: the browser's context menu is suppressed on everything except text inputs. */
function suppressContextMenu(event: { target: EventTarget; preventDefault(): void }): void {
  const target = event.target as Element;
  if (target.closest('input, textarea, [contenteditable="true"]')) return;
  event.preventDefault();
}
