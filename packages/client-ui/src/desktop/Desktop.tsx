import { addAppTranslations, createDesktop, lazyAudioBackend, SoundPlayer } from '@atrium/client-core';
import { useCallback, useLayoutEffect, useRef, useState, type JSX, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { AppHost } from '../apphost/AppHost.js';
import { ConnectionMasks } from '../apphost/ConnectionMask.js';
import { AppPortals } from '@atrium/app-kit';
import { DialogHost } from '../dialogs/DialogHost.js';
import { useObservable } from '../hooks/useObservable.js';
import { useOwnedModel } from '../hooks/useOwnedModel.js';
import type { Store } from '../ports.js';
import { NotificationToasts } from '../notifications/NotificationToasts.js';
import { DesktopPanels } from '../panel/DesktopPanels.js';
import { ProfileCardHost } from '../profile/ProfileCardHost.js';
import { WindowLayer } from '../windows/WindowLayer.js';
import { WindowSlots } from '../windows/WindowSlots.js';
import { DesktopContext, type DesktopServices } from './DesktopContext.js';
import { DesktopFocus } from './DesktopFocus.js';
import { DesktopOverlays } from './DesktopOverlays.js';
import { DesktopTitle } from './DesktopTitle.js';
import { HomeSlot } from './home/HomeSlot.js';
import { KeyboardModeStatus } from './KeyboardModeStatus.js';
import { useAppearance } from './useAppearance.js';
import { useDesktopKeys, useFlushOnPageHide, usePointerCaptureMark, useViewport } from './useDesktopEvents.js';
import './Desktop.css';
// The app kit's look (the failure state) for every app window.
import '@atrium/app-kit/kit.css';

/** The app the profile card's chat link launches (docs/behaviour/profile.md). */
const CHAT_APP = 'Chat';

/** Who is signed in, for the greeting. */
export interface DesktopUser {
  name: string;
  preferences: Readonly<Record<string, string>>;
}

export interface DesktopProps {
  /** The signed-in user. */
  user: DesktopUser;
  /** How the user got here: only a sign-in with the form ('login') is greeted, not a reload. */
  via: 'login' | 'boot';
}

const NO_PRIVACY_QUESTION: Store<{ status: 'hidden' | 'open' }> = { getState: () => ({ status: 'hidden' }), subscribe: () => () => undefined };

/** Web Audio when the browser has it (its synthesiser fetched with the first sound); else the desktop is silent. */
function browserSounds(): SoundPlayer {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  return new SoundPlayer(AudioContextClass ? lazyAudioBackend(() => new AudioContextClass()) : null);
}

/**
 * The signed-in desktop (docs/behaviour/desktop.md): the panels (top and
 * bottom, from the settings) around the window area, which holds the home
 * widget on its background (HomeSlot, below every window), the windows
 * of the desktop's WindowManager, their dialogs, the app windows' content
 * (AppHost, AppPortals) and the connection masks; notifications, the profile
 * card, the overlays (menus, guide, palette, privacy policy) and the desktop
 * accessory (the developer entry in development builds) lie above. The
 * models come from client-core's createDesktop over the page's platform and
 * live as long as the desktop; the WindowManager's viewport is the window
 * area's size. Its look (theme, font, wallpaper) follows the settings. Focus
 * never drops to the page's body (DesktopFocus). While a pointer is
 * captured (a window dragged or resized) the window area says so, and the
 * home widget's frame lets the pointer through.
 */
export function Desktop({ user, via }: DesktopProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const { platform, desktopAccessory: Accessory, setLocale, chosenLocale, takeLaunchRequest } = useAtrium();
  const surface = useRef<HTMLElement>(null);
  const area = useRef<HTMLDivElement>(null);
  // The models outlive language changes (which may hand a new i18n object): they read the current one through a ref.
  const i18nRef = useRef(i18n);
  useLayoutEffect(() => {
    i18nRef.current = i18n;
  }, [i18n]);
  const translate = useCallback((key: string, vars?: Record<string, unknown>) => String(i18nRef.current.t(key, vars ?? {})), []);
  const services = useOwnedModel((): DesktopServices => {
    const viewport = { width: area.current?.clientWidth ?? 0, height: area.current?.clientHeight ?? 0 };
    const addTranslations = (texts: Parameters<typeof addAppTranslations>[1]) => addAppTranslations(i18nRef.current, texts);
    const desktop = createDesktop({ ...platform, sounds: platform.sounds ?? browserSounds(), translate, locale: () => i18nRef.current.language, setLocale, chosenLocale, addTranslations }, { viewport });
    return Object.assign(desktop, { slots: new WindowSlots() });
  }, [platform, translate, setLocale, chosenLocale]);
  useViewport(services, area);
  usePointerCaptureMark(area);
  useDesktopKeys(services);
  useFlushOnPageHide(services);
  // The user as signed in when the desktop starts (the greeting's name); a later profile change does not restart it.
  const greeting = useRef(via === 'login' ? user : null);
  // Marked on the surface once the start (settings, packages, privacy check, restored session) is over: tests and tools wait for it.
  const [started, setStarted] = useState<DesktopServices | null>(null);
  // Before the panels are painted: the start's questions are on their way while the browser paints (docs/PERFORMANCE.md, "Restoring a session").
  useLayoutEffect(() => {
    if (!services) return;
    let live = true;
    services.start({ launch: takeLaunchRequest(), greet: greeting.current }).then(
      () => live && setStarted(services),
      (error: unknown) => console.error('The desktop could not start.', error),
    );
    return () => {
      live = false;
    };
  }, [services, takeLaunchRequest]);
  const style = useAppearance(services?.appearance ?? null);
  // Whether the privacy question is open, on the surface too: it is decided before the start ends, its dialog may still be loading.
  const privacy = useObservable(services?.privacyPolicy ?? NO_PRIVACY_QUESTION).status;
  const openDesktopMenu = (event: MouseEvent<HTMLDivElement>) => {
    if (!services || event.target !== event.currentTarget) return;
    event.preventDefault();
    services.ui.openContextMenu('desktop', {}, { x: event.clientX, y: event.clientY });
  };
  return (
    <main ref={surface} className="atr-desktop" style={style} aria-label={t('desktop.label')} tabIndex={-1} data-testid="desktop" data-started={started !== null && started === services} data-privacy-policy={privacy} onContextMenu={suppressContextMenu}>
      <DesktopContext.Provider value={services}>
        {services && <DesktopPanels position="top" />}
        <div ref={area} className="atr-desktop__area" data-testid="desktop.area" onContextMenu={openDesktopMenu}>
          {services && (
            <>
              <HomeSlot />
              <WindowLayer />
              <DialogHost />
              <AppHost />
              <AppPortals />
              <ConnectionMasks />
              <KeyboardModeStatus />
            </>
          )}
        </div>
        {services && (
          <>
            <DesktopPanels position="bottom" />
            <NotificationToasts notifications={services.notifications} />
            <ProfileCardHost model={services.profileCard} onChat={(username) => void services.packages.launch({ app: CHAT_APP, args: { user: username } })} />
            <DesktopOverlays />
            {Accessory && <Accessory />}
            <DesktopFocus surface={surface} />
            <DesktopTitle />
          </>
        )}
      </DesktopContext.Provider>
    </main>
  );
}

/** The browser's context menu is suppressed on everything except text inputs (docs/behaviour/desktop.md). */
function suppressContextMenu(event: { target: EventTarget; preventDefault(): void }): void {
  const target = event.target as Element;
  if (target.closest('input, textarea, [contenteditable="true"]')) return;
  event.preventDefault();
}
