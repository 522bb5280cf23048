/**
 * @atrium/client-core: the client's models without React. The UI subscribes
 * to them; they never touch the DOM beyond what they are given (env.ts).
 */
export { browserEnvironment, browserPackageLoader, type CacheNames, type ClientEnvironment, type Clock, type CookieJar, type PageHistory, type PageLocation } from './env.js';
export { Observable } from './Observable.js';

export { DEFAULT_SESSION_MAX_AGE, DEFAULT_SITE_SETTINGS, loadClientConfig, siteSettings, type ClientConfig, type FetchLike, type SiteSettings } from './clientConfig.js';

export { SecureStorage } from './storage/SecureStorage.js';
export { StorageKeys, type StorageKey } from './storage/StorageKeys.js';
export { readPreference, writePreference } from './storage/preferences.js';

export { DEFAULT_REQUEST_TIMEOUT, RequestClient, type RequestOptions, type TokenSource } from './api/RequestClient.js';
export { RequestError, RequestMessages, type RequestErrorCode } from './api/RequestError.js';

export { Session, type LoginError, type SessionState } from './auth/Session.js';
export { ExternalSignInError, providerAnswer, type ExternalErrorKind, type ExternalSession, type ExternalSignIn, type ExternalSignInEvent, type ExternalStartResult } from './auth/external/ExternalSignIn.js';
// The flow model's code is fetched by the handle (lazyExternalLogin), never with the page: its types only.
export type { ExternalLogin, ExternalLoginError, ExternalLoginState } from './auth/external/ExternalLogin.js';
export { lazyExternalLogin, type ExternalLoginHandle } from './auth/external/lazyExternalLogin.js';

export { blockBackNavigation, forgetLaunchRequest, parsePageAddress, takeLaunchRequest, type PageAddress } from './address/PageAddress.js';
export { safeAddress } from './address/safeAddress.js';

export { SliderModel, WHEEL_MIN_DELTA, WHEEL_THROTTLE, type Announcement, type SliderState } from './slider/SliderModel.js';

export { ForgotPasswordModel } from './recovery/ForgotPasswordModel.js';
export { ResetPasswordModel } from './recovery/ResetPasswordModel.js';
export type { RecoveryMessage, RecoveryState } from './recovery/RecoveryMessage.js';

export { createI18n, isLocale, type ClientI18n } from './i18n/createI18n.js';
export { Translator, type Texts, type TranslateOptions, type TranslatorState } from './i18n/Translator.js';
export { addAppTranslations } from './i18n/addAppTranslations.js';
export { pickLocale } from './i18n/pickLocale.js';

export { DialogService, isDialogKind, loadDialogKinds, type DialogFactory, type DialogServiceOptions } from './dialogs/DialogService.js';
export {
  DIALOG_KINDS,
  type AnyDialogOptions,
  type DialogCallback,
  type DialogKind,
  type DialogModel,
  type DialogOptions,
  type DialogWindows,
  type FileDialogOptions,
} from './dialogs/DialogModel.js';
export { dialogSize, type DialogSize } from './dialogs/dialogSizes.js';
export { AlertDialog, type AlertState } from './dialogs/AlertDialog.js';
export { ConfirmDialog, type ConfirmState } from './dialogs/ConfirmDialog.js';
export { PromptDialog, type PromptState } from './dialogs/PromptDialog.js';
export { ProgressDialog, clampProgress, type ProgressState } from './dialogs/ProgressDialog.js';
export { ColorDialog, channelsToHex, parseHexColor, type ColorState, type ColorValue } from './dialogs/ColorDialog.js';
export { FontDialog, type FontState, type FontValue } from './dialogs/FontDialog.js';
export { FileDialog, isMountpointOffered, type FileDialogState } from './dialogs/FileDialog.js';
export { mimeAccepted } from './vfs/mimeAccepted.js';
export { ChoiceDialog, type ChoiceState } from './dialogs/ChoiceDialog.js';
export { DefaultApplicationDialog, type DefaultApplicationState, type DefaultApplicationValue } from './dialogs/DefaultApplicationDialog.js';

export { DIRECTORY_MIME, type FileEntry, type FileSystem, type FileSystemChange, type Mountpoint, type ReadTypes, type UploadProgress, type WriteOptions } from './vfs/FileSystem.js';
export { FileSystemError, wildcardMatcher } from '@atrium/sdk';
export { MemoryFileSystem, memoryMountpoint, sortEntries } from '@atrium/sdk/testing';
export { HttpFileSystem, fileSystemErrorOf } from './vfs/HttpFileSystem.js';
export { lazyFileSystem, type LazyFileSystem } from './vfs/LazyFileSystem.js';
export { applicationsForMime, DEFAULT_APPLICATIONS_KEY } from './vfs/openFile.js';
export { GLOBAL_SEARCH_APP, GlobalSearchModel, type GlobalSearchOptions, type GlobalSearchState } from './search/GlobalSearchModel.js';
export { SearchService, SearchTextError, type SearchHistoryState, type SearchServiceOptions } from './search/SearchService.js';
export { FILE_SEARCH_BLUR_DELAY, FILE_SEARCH_TEXT_MAX_LENGTH, FileSearchModel, type FileSearchMessage, type FileSearchOptions, type FileSearchState } from './vfs/FileSearchModel.js';
export { humanFileSize, mimeOfFilename } from '@atrium/shared';
export { NotificationCentreModel, TASK_REFRESH_DEBOUNCE, type NotificationCentreState, type SnoozeMode, type WorkDialog } from './work/NotificationCentreModel.js';
export { TaskClient, TaskError } from './work/TaskClient.js';
export { problemOf, SnoozeModel, type SnoozeState, type WorkProblem } from './work/SnoozeModel.js';
export { CommentsModel, type CommentsState } from './work/CommentsModel.js';

export { SoundPlayer, type AudioBackend, type SoundName, type SoundPartials } from './sounds/SoundPlayer.js';
export { SOUND_PARTIALS, webAudioBackend, type AudioContextLike } from './sounds/webAudioBackend.js';
export { lazyAudioBackend } from './sounds/lazyAudioBackend.js';

export type { Dimension, Gravity, Media, Position, ResizeEdge, SnapZone, WindowAttributes, WindowFlags, WindowOptions, WindowRecord, WindowSessionRecord, WindowTitle } from './windows/types.js';
export { WindowManager, type WindowManagerOptions } from './windows/WindowManager.js';
export { isDesktopModal, isListedWindow } from './windows/desktopModal.js';
export { WindowIdExistsError, type Translate } from './windows/WindowIdExistsError.js';
export { DEFAULT_WINDOW_ATTRIBUTES, DEFAULT_WINDOW_DIMENSION } from './windows/attributes.js';
export { SNAP_THRESHOLD, boundsInViewport, clampDimension, constrainPosition, gravityPosition, initialBounds, mediaOf, resizeBounds, snapBounds, snapZoneAt, staggeredPosition, type Bounds } from './windows/geometry.js';
export { edgeDragDimension, restoreUnderPointer } from './windows/geometry.js';

// The applications' commands' code is fetched with the first registration (lazyApplicationCommands): its types only.
export type { CommandOwner } from './commands/ApplicationCommands.js';
export type { ApplicationCommandsPort } from './commands/lazyApplicationCommands.js';
export { CommandRegistry, commandNameKey, type Command, type CommandBinding, type CommandContext } from './commands/CommandRegistry.js';
export { chordMatches, formatKeybinding, keyFromCode, normalizeKey, parseKeybinding, type KeyChord, type KeyEventLike } from './commands/keybinding.js';
export { registerWindowCommands, WINDOW_ICON_MENU, WINDOW_LIST_MENU, type WindowCommandsUi } from './commands/windowCommands.js';
export { KEYBOARD_FINE_STEP, KEYBOARD_STEP, KeyboardGeometryMode } from './commands/KeyboardGeometryMode.js';

export {
  LocalStorageSettingsAdapter,
  ServerSettingsAdapter,
  SettingLockedError,
  SettingsAdapterBase,
  SettingsStore,
  SettingValueError,
  StandaloneSettingsAdapter,
  type SettingsAdapter,
  type SettingsState,
  type SettingsStoreOptions,
} from './settings/SettingsStore.js';
export { settingsDefaults } from './settings/settingsDefaults.js';

export { NotificationService, type TranslatedNotificationOptions, type NotificationOptions, type NotificationServiceOptions, type NotificationsState, type Toast } from './notifications/NotificationService.js';

export { SOCKET_QUEUE_LIMIT, SocketClient, type ConnectionEvent, type DesktopSocket, type SocketLog, type SocketClientOptions, type SocketClientState, type SocketFactory, type SocketStatus, type WebSocketLike } from './sockets/SocketClient.js';

export { PackageManager, type PackageManagerOptions, type PackagesState, type RunningApp } from './packages/PackageManager.js';
export { Application, type WindowContent } from './packages/Application.js';
export { PackageError, PackageMessages, launchErrorHint, type PackageErrorCode } from './packages/PackageError.js';
export { PackageModules, type BuiltinLoaders, type PackageLoader } from './packages/packageLoading.js';
export { packageIcon } from './packages/packageIcon.js';
export { scheduleAutostart } from './packages/autostart.js';
export { NoopDrilldownEngine, routeLink, type DrilldownEngine, type LinkAction, type LinkTarget } from './packages/links.js';
export type { DesktopHooks, RequestMethod } from './packages/DesktopHooks.js';

export { ProfileCardModel, type ProfileCardState } from './profile/ProfileCardModel.js';
export { HomeWidgetModel, type HomeWidgetModelOptions, type HomeWidgetState } from './home/HomeWidgetModel.js';
export { PingService, pingInterval } from './system/PingService.js';
export { Appearance, type AppearanceState, type ModuleSource } from './appearance/Appearance.js';
export { bootAppearanceOf, readBootAppearance, writeBootAppearance, PAGE_BACKGROUND_VARIABLE, type BootAppearance } from './appearance/bootAppearance.js';
export { createDesktop, type ConnectionState, type Desktop, type DesktopPlatform, type DesktopStartOptions } from './desktop/createDesktop.js';
export { DesktopUi, type DesktopPopup, type DesktopUiState, type OpenContextMenu } from './desktop/DesktopUi.js';
export { MENUS, PANEL_ADD_ITEM_COMMANDS, type MenuEntry, type MenuId } from './desktop/menus.js';
export { InvalidPanelItemError, isPanelItem, MAX_PANELS, Panels, type PanelPosition, type PanelsState, type PanelView } from './desktop/Panels.js';
export { DesktopSessionModel, SESSION_SAVE_DEBOUNCE, type DesktopSessionState } from './desktop/DesktopSessionModel.js';
export { PrivacyPolicyModel, type PrivacyPolicyState } from './desktop/PrivacyPolicyModel.js';
export { APP_MENU_CATEGORIES, AppMenuModel, appMenuCategory, appMenuCategoryKey, appMenuEntries, appMenuGroups, matchesSearch, searchText, type AppMenuCategory, type AppMenuEntry, type AppMenuGroup, type AppMenuSource, type AppMenuState } from './desktop/AppMenuModel.js';
export { formatBadge, TRAY_BADGE_MAX, TrayModel, type TrayEntry, type TrayEntryHandle, type TrayState } from './desktop/TrayModel.js';
export { greet, greetingKey } from './desktop/greeting.js';
export { registerDesktopCommands, type DesktopCommandsHost } from './desktop/desktopCommands.js';
