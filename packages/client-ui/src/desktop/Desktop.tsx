import { useCallback, useLayoutEffect, useRef, type JSX, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { AppHost } from '../apphost/AppHost.js';
import { ConnectionMasks } from '../apphost/ConnectionMask.js';
import { AppPortals } from '../apphost/reactContent.js';
import { DialogHost } from '../dialogs/DialogHost.js';
import { useOwnedModel } from '../hooks/useOwnedModel.js';
import { NotificationToasts } from '../notifications/NotificationToasts.js';
import { ProfileCard } from '../profile/ProfileCard.js';
import { WindowLayer } from '../windows/WindowLayer.js';
import { createDesktopServices } from './createDesktopServices.js';
import { DesktopContext } from './DesktopContext.js';
import { DesktopFocus } from './DesktopFocus.js';
import { DesktopTitle } from './DesktopTitle.js';
import { KeyboardModeStatus } from './KeyboardModeStatus.js';
import { MinimizedStrip } from './MinimizedStrip.js';
import { useAppearance } from './useAppearance.js';
import { useDesktopStartup, type DesktopUser } from './useDesktopStartup.js';
import { useDesktopKeys, useViewport } from './useDesktopEvents.js';
import './Desktop.css';

/** The app the profile card's chat link launches (§2). */
const CHAT_APP = 'Chat';

export interface DesktopProps {
  /** What lies on the desktop below the windows (the user card until the panel arrives); it is inside the desktop's context. */
  children?: ReactNode;
  /** The signed-in user, for the greeting after sign-in; none: no greeting. */
  user?: DesktopUser | null;
}

/**
 * The signed-in desktop (§2 Desktop shell): a full-viewport surface holding
 * the windows of its own WindowManager, their dialogs, the app windows'
 * content (AppHost, AppPortals), the connection masks, notifications, the
 * profile card, the strip of minimized windows and the desktop accessory
 * (the developer entry in development builds). Its look (theme, font,
 * wallpaper) follows the settings. The models live as long as the desktop;
 * the WindowManager's viewport follows the surface's size. Focus never drops
 * to the page's body (DesktopFocus): with no window to take it, it goes to
 * the desktop's home control or the surface itself (tabIndex -1).
 */
export function Desktop({ children, user = null }: DesktopProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const { models, desktopAccessory: Accessory, setLocale } = useAtrium();
  const surface = useRef<HTMLElement>(null);
  // The models outlive language changes (which may hand a new i18n object): they read the current one through a ref.
  const i18nRef = useRef(i18n);
  useLayoutEffect(() => {
    i18nRef.current = i18n;
  }, [i18n]);
  const translate = useCallback((key: string, vars?: Record<string, unknown>) => String(i18nRef.current.t(key, vars ?? {})), []);
  const services = useOwnedModel(
    () => createDesktopServices(models, { surface: surface.current, translate, locale: () => i18nRef.current.language, setLocale }),
    [models, translate, setLocale],
  );
  useViewport(services, surface);
  useDesktopKeys(services);
  useDesktopStartup(services, user, translate);
  const runtime = services?.runtime ?? null;
  const style = useAppearance(runtime?.appearance ?? null);
  return (
    <main ref={surface} className="atr-desktop" style={style} aria-label={t('desktop.label')} tabIndex={-1} data-testid="desktop" onContextMenu={suppressContextMenu}>
      <DesktopContext.Provider value={services}>
        {children}
        {services && (
          <>
            <WindowLayer />
            <DialogHost />
            <AppHost />
            <AppPortals />
            <ConnectionMasks />
            <MinimizedStrip />
            <KeyboardModeStatus />
            {runtime && <NotificationToasts notifications={runtime.notifications} />}
            {runtime && <ProfileCard model={runtime.profileCard} onChat={(username) => void runtime.packages.launch({ app: CHAT_APP, args: { user: username } })} />}
            {Accessory && <Accessory />}
            <DesktopFocus surface={surface} />
            <DesktopTitle />
          </>
        )}
      </DesktopContext.Provider>
    </main>
  );
}

/** §2: the browser's context menu is suppressed on everything except text inputs. */
function suppressContextMenu(event: { target: EventTarget; preventDefault(): void }): void {
  const target = event.target as Element;
  if (target.closest('input, textarea, [contenteditable="true"]')) return;
  event.preventDefault();
}
