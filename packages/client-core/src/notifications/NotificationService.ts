import { NOTIFICATION_TIMEOUT } from '@atrium/shared';
import type { NotificationOptions } from '@atrium/sdk';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';

export type { NotificationOptions };

/** A notification on screen (a toast). */
export interface Toast {
  id: number;
  title: string;
  message: string | null;
  icon: string | null;
  /** When it was created (clock milliseconds). */
  createdAt: number;
  /** Milliseconds it stays; 0: until dismissed. */
  timeout: number;
  /** The desktop's own notifications (the greeting) are translated when shown, so they follow a change of language. */
  titleKey: { key: string; vars: Record<string, unknown> } | null;
}

/** A notification of the desktop itself: its title is an i18n key, translated by the view. */
export interface TranslatedNotificationOptions extends Omit<NotificationOptions, 'title'> {
  titleKey: string;
  titleVars?: Record<string, unknown>;
}

export interface NotificationsState {
  /** Oldest first. */
  items: readonly Toast[];
}

/** The least time a notification stays once the user stops holding it. */
export const RELEASE_TIME = 1000;

export interface NotificationServiceOptions {
  clock: Clock;
  /** Plays the message sound for notifications with `sound`. */
  sounds?: { play(name: 'message'): void };
  /** Shows a browser notification for notifications with `native`. */
  native?: (title: string, body: string) => void;
}

/**
 * The desktop's notifications (docs/behaviour/notifications.md#options): each stays
 * `timeout` ms (default 5000; 0 keeps it until dismissed), may play the
 * message sound and may also show as a browser notification. None goes
 * while the user holds them (hold()).
 */
export class NotificationService extends Observable<NotificationsState> {
  readonly #clock: Clock;
  readonly #sounds: NotificationServiceOptions['sounds'];
  readonly #native: NotificationServiceOptions['native'];
  readonly #timers = new Map<number, unknown>();
  /** When each timed toast goes (clock milliseconds), or while held how long it has left. */
  readonly #ends = new Map<number, number>();
  #held = false;
  #nextId = 1;

  constructor(options: NotificationServiceOptions) {
    super({ items: [] });
    this.#clock = options.clock;
    this.#sounds = options.sounds;
    this.#native = options.native;
  }

  /** Shows a notification; returns its id. */
  create(options: NotificationOptions | TranslatedNotificationOptions): number {
    const id = this.#nextId++;
    const timeout = typeof options.timeout === 'number' && Number.isFinite(options.timeout) && options.timeout >= 0 ? options.timeout : NOTIFICATION_TIMEOUT;
    const titleKey = 'titleKey' in options && typeof options.titleKey === 'string' ? { key: options.titleKey, vars: options.titleVars ?? {} } : null;
    const title = 'title' in options ? String(options.title ?? '') : '';
    const toast: Toast = { id, title, message: options.message ?? null, icon: options.icon ?? null, createdAt: this.#clock.now(), timeout, titleKey };
    this.setState({ items: [...this.getState().items, toast] });
    if (timeout > 0) {
      if (this.#held) this.#ends.set(id, timeout);
      else this.#expireIn(id, timeout);
    }
    if (options.sound) this.#sounds?.play('message');
    if (options.native) {
      try {
        this.#native?.(toast.title, toast.message ?? '');
      } catch (error) {
        console.warn('The browser notification could not be shown.', error);
      }
    }
    return id;
  }

  /**
   * Holds the notifications on screen while the user points at them or has
   * the keyboard focus in them (docs/ACCESSIBILITY.md): none goes while
   * held; released, each has the time it had left, and at least
   * RELEASE_TIME to be read.
   */
  hold(held: boolean): void {
    if (held === this.#held) return;
    this.#held = held;
    const now = this.#clock.now();
    if (held) {
      for (const [id, timer] of this.#timers) {
        this.#clock.clearTimeout(timer);
        this.#ends.set(id, Math.max(0, (this.#ends.get(id) ?? now) - now));
      }
      this.#timers.clear();
    } else {
      for (const [id, left] of [...this.#ends]) this.#expireIn(id, Math.max(left, RELEASE_TIME));
    }
  }

  /** Removes a notification (nothing happens for an unknown id). */
  dismiss(id: number): void {
    const timer = this.#timers.get(id);
    if (timer !== undefined) this.#clock.clearTimeout(timer);
    this.#timers.delete(id);
    this.#ends.delete(id);
    const items = this.getState().items;
    if (items.some((t) => t.id === id)) this.setState({ items: items.filter((t) => t.id !== id) });
  }

  #expireIn(id: number, ms: number): void {
    this.#ends.set(id, this.#clock.now() + ms);
    this.#timers.set(id, this.#clock.setTimeout(() => this.dismiss(id), ms));
  }

  /** Cancels every timer and drops the listeners. */
  dispose(): void {
    for (const timer of this.#timers.values()) this.#clock.clearTimeout(timer);
    this.#timers.clear();
    this.clearListeners();
  }
}
