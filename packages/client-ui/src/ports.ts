/**
 * What the views need from the client-core models, as structural types.
 * The real models (Session, SliderModel, ForgotPasswordModel,
 * ResetPasswordModel) satisfy them as they are; tests may pass fakes.
 * The state types are client-core's own.
 */
import type { DesktopPlatform, LoginError, PageAddress, RecoveryMessage, RecoveryState, SessionState, SliderState } from '@atrium/client-core';

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

/** Creates the models whose lifetime is a screen's. */
export interface ModelFactories {
  slider(): SliderPort;
  forgotPassword(): ForgotPasswordPort;
  resetPassword(code: string): ResetPasswordPort;
  privacyPolicy(host: string): Promise<PrivacyPolicy>;
}

/**
 * What the page gives the desktop besides the language: client-core's
 * DesktopPlatform without translate/locale/setLocale (the desktop view adds
 * those from the i18n it runs under).
 */
export type DesktopPlatformInput = Omit<DesktopPlatform, 'translate' | 'locale' | 'setLocale' | 'chosenLocale'>;
