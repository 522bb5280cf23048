/**
 * What the views need from the client-core models, as structural types.
 * The real models (Session, SliderModel, ForgotPasswordModel,
 * ResetPasswordModel) satisfy them as they are; tests may pass fakes.
 * The state types are client-core's own.
 */
import type { DesktopEnvironment, DesktopPlatform } from './desktop/createDesktopModels.js';
import type {
  AppearanceState,
  Clock,
  CommandRegistry,
  Dimension,
  DialogService,
  LinkAction,
  LoginError,
  NotificationsState,
  PackagesState,
  PageAddress,
  ProfileCardState,
  RecoveryMessage,
  RecoveryState,
  SessionState,
  SliderState,
  SoundPlayer,
  WindowManager,
} from '@atrium/client-core';
import type { AppWindow, AppWindowOptions, LaunchOptions, LaunchRequest, NotificationOptions } from '@atrium/sdk';
import type { Locale, PackageManifestEntry } from '@atrium/shared';

export type { LoginError, PageAddress, RecoveryMessage, RecoveryState, SessionState, SliderState };

/** A model with a state snapshot and change listeners (client-core's Observable). */
export interface Store<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/** The session as the sign-in views drive it. */
export interface SessionPort extends Store<SessionState> {
  login(username: string, password: string): Promise<void>;
  clearError(): void;
  logout(): Promise<void>;
}

/** The announcement slider model. */
export interface SliderPort extends Store<SliderState> {
  load(host: string): Promise<void>;
  next(): void;
  previous(): void;
  goTo(index: number): void;
  wheel(deltaY: number): void;
  setFullscreen(on: boolean): void;
  setDetailsOpen(on: boolean): void;
  /** The user's pause button (and reduced motion): no automatic advance while true. */
  setPaused(on: boolean): void;
  /** Held still while the pointer is over the slider or focus is inside it. */
  setHold(hold: 'hover' | 'focus', on: boolean): void;
  dispose(): void;
}

export interface ForgotPasswordPort extends Store<RecoveryState> {
  submit(username: string): Promise<void>;
  dispose(): void;
}
export interface ResetPasswordPort extends Store<RecoveryState> {
  submit(password: string, confirmation: string): Promise<void>;
  dispose(): void;
}

/** GET {api}/homescreen/privacy-policy/{host}: the organisation's name and its policy HTML (unsanitised). */
export interface PrivacyPolicy {
  name: string | null;
  privacyPolicy: string | null;
}

/** The parts of the browser address the views read and change. */
export interface Navigation {
  /** Current path, query and hash (read live). */
  current(): { pathname: string; search: string; hash: string; host: string; origin: string };
  /** Sets the hash ('' removes it) and notifies hash listeners. */
  setHash(hash: string): void;
  /** Leaves the page for another address. */
  assign(url: string): void;
  /** Listens to hash changes (hashchange and popstate). */
  subscribe(listener: () => void): () => void;
}

/** Looks up a translated text (the Translator's t). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** The models of one signed-in desktop; disposed when the desktop goes (sign-out). */
export interface DesktopModels {
  windows: WindowManager;
  dialogs: DialogService;
  commands: CommandRegistry;
  /** The desktop's sounds (dialogs, notifications); none: silent. */
  sounds?: SoundPlayer;
  dispose(): void;
}

// ---- The application platform of a desktop (client-core's createDesktopRuntime), as the views use it ----

/** The package manager: launching, links in app windows and what renders into app windows. */
export interface PackagesPort extends Store<PackagesState> {
  launch(request: LaunchRequest | string, args?: Record<string, unknown>, options?: LaunchOptions): Promise<unknown>;
  autostart(): void;
  handleLink(action: LinkAction): void;
  metadataOf(name: string): PackageManifestEntry | undefined;
  contentOf(wid: number): AppWindowOptions['render'] | undefined;
  windowOf(wid: number): AppWindow | undefined;
  subscribeContent(listener: () => void): () => void;
  /** Calls the listener with the wid of a window asking for attention (a singleton launched again). */
  onAttention(listener: (wid: number) => void): () => void;
}

/** The notifications on screen (toasts). */
export interface NotificationsPort extends Store<NotificationsState> {
  create(options: NotificationOptions): number;
  dismiss(id: number): void;
  /** While held (pointer over or focus in the toasts) no notification goes. */
  hold(held: boolean): void;
}

/** The profile popup card (§2). */
export interface ProfileCardPort extends Store<ProfileCardState> {
  open(userId: string, at: { x: number; y: number }): Promise<void>;
  close(): void;
}

/** The desktop's look: theme, icons, font and background, following the settings. */
export interface AppearancePort extends Store<AppearanceState> {
  iconOf(name: string | undefined): string | null;
}

/** The application platform of one signed-in desktop; disposed with it. */
export interface DesktopRuntimePort {
  packages: PackagesPort;
  notifications: NotificationsPort;
  connection: Store<{ online: boolean }>;
  appearance: AppearancePort;
  profileCard: ProfileCardPort;
  /** Loads settings and packages, connects the socket, starts the ping and the appearance. */
  start(): Promise<void>;
  dispose(): void;
}

/** What the desktop gives its runtime (the rest comes from the model factories' environment). */
export interface DesktopRuntimeInput {
  windows: WindowManager;
  dialogs: DialogService;
  sounds: SoundPlayer;
  translate: Translate;
  locale(): string;
  setLocale(locale: Locale): Promise<void>;
}

/** Creates the models whose lifetime is a screen's. */
export interface ModelFactories {
  slider(): SliderPort;
  forgotPassword(): ForgotPasswordPort;
  resetPassword(code: string): ResetPasswordPort;
  privacyPolicy(host: string): Promise<PrivacyPolicy>;
  /** What the real desktop models need (see desktop/createDesktopModels); with `platform`, the desktop runs applications. */
  desktopEnvironment?: DesktopEnvironment & { clock: Clock; platform?: DesktopPlatform };
  /** Replaces the real desktop models (tests). */
  desktop?(options: { viewport: Dimension; translate: Translate }): DesktopModels;
  /**
   * Replaces the real application platform of the desktop (tests); without it
   * the desktop builds client-core's createDesktopRuntime when the desktop
   * environment carries the client environment, else it runs without apps.
   */
  desktopRuntime?(input: DesktopRuntimeInput): DesktopRuntimePort;
}
