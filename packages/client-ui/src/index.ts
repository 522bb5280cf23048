/** @atrium/client-ui: React views over the client-core models. */
export { AtriumApp, type AtriumAppProps } from './AtriumApp.js';
export { AtriumContext, DEFAULT_ASSETS, resolveSite, useAtrium, type AtriumServices, type ResolvedSite } from './AtriumContext.js';
export { browserNavigation } from './browserNavigation.js';
export { createModelFactories } from './createModelFactories.js';
export { useObservable } from './hooks/useObservable.js';
export { I18nProvider, useTranslation, type TFunction } from './i18n/useTranslation.js';
export { useOwnedModel } from './hooks/useOwnedModel.js';
export { useLocationHash } from './hooks/useNavigation.js';
export { LoadingOverlay, type LoadingOverlayProps } from './LoadingOverlay.js';
export { StartupScreen, type StartupScreenProps } from './StartupScreen.js';
export type { ForgotPasswordPort, ModelFactories, Navigation, PrivacyPolicy, ResetPasswordPort, SessionPort, SliderPort, Store } from './ports.js';
export { Desktop, type DesktopProps } from './desktop/Desktop.js';
export { DesktopContext, useDesktop, useOptionalDesktop, type DesktopServices } from './desktop/DesktopContext.js';
export { applyBootAppearance, clearBootAppearance } from './desktop/bootAppearance.js';
export { WindowSlots } from './windows/WindowSlots.js';
export { WindowLayer } from './windows/WindowLayer.js';
export { WindowFrame } from './windows/WindowFrame.js';
export { useWindowList, useWindowRecord } from './windows/useWindowRecord.js';
export { DialogHost } from './dialogs/DialogHost.js';
export type { DesktopPlatformInput, Translate } from './ports.js';
// The application platform's views.
export { reactContent, AppPortals } from '@atrium/app-kit';
export { AppHost, APP_CONTENT_CLASS } from './apphost/AppHost.js';
export { AppIcon, isIconAddress, type AppIconProps } from './apphost/AppIcon.js';
export { ConnectionMask, ConnectionMasks } from './apphost/ConnectionMask.js';
export { NotificationToasts } from './notifications/NotificationToasts.js';
export { ProfileCard, clampToViewport, type ProfileCardProps } from './profile/ProfileCard.js';
export { wallpapers, wallpaperUrl, type Wallpaper } from '@atrium/app-kit';
// Line icons for applications (24px grid, currentColor).
export {
  BellIcon,
  ChatIcon,
  CloseIcon,
  ExternalIcon,
  LanguageIcon,
  LockIcon,
  MailIcon,
  PaletteIcon,
  PanelIcon,
  ReloadIcon,
  SlidersIcon,
  UserIcon,
  WidgetIcon,
  WindowIcon,
} from '@atrium/app-kit';
