import { SLIDER_INTERVAL, type Announcement as AnnouncementRecord, type Envelope } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';
import type { ClientEnvironment } from '../env.js';
import { Observable } from '../Observable.js';

/** An announcement whose media is the resolved URL (null when it has none). */
export type Announcement = AnnouncementRecord;

export type SliderState =
  | { status: 'loading' }
  | { status: 'empty' }
  | {
      status: 'ready';
      slides: Announcement[];
      index: number;
      fullscreen: boolean;
      detailsOpen: boolean;
      /** Stopped by the user (the pause button), or from the start when the user prefers reduced motion. */
      paused: boolean;
      /** The slide the automatic advance shows next, once that is near: its media may load now (null: none due). */
      upcoming: number | null;
    };

/** Why the slider is held still for a while: the pointer is over it, or keyboard focus is inside it. */
export type SliderHold = 'hover' | 'focus';

/** Wheel movements smaller than this (in pixels) are jitter, not a request to move. */
export const WHEEL_MIN_DELTA = 4;
/** At most one slide per this many milliseconds from the wheel (one flick fires many events). */
export const WHEEL_THROTTLE = 500;
/** How long before an automatic advance the next slide's media may start loading. */
export const PRELOAD_LEAD = 3000;

/**
 * The login page's announcement slider (docs/behaviour/login-page.md#announcement-slider). Loads GET
 * {api}/homescreen/announcement/{host}; media ids become
 * `${apiBase}/resources/${media}`. Auto-advances every 10 s with wrap-around
 * while there is more than one slide; not while fullscreen, while the
 * details panel is open, while the user has paused it (setPaused: the pause
 * button, or reduced motion from the start) or while it is held (setHold:
 * the pointer over it, focus inside it); resuming, or moving by hand, starts
 * a full period again. PRELOAD_LEAD before an advance, `upcoming` names the
 * next slide, so that until then only the visible slide's media loads.
 * next/previous wrap; wheel(deltaY) moves one slide, ignoring tiny deltas
 * and at most one slide per 500 ms. A failed load shows nothing.
 */
export class SliderModel extends Observable<SliderState> {
  readonly #env: ClientEnvironment;
  readonly #api: RequestClient;
  readonly #apiBase: string;
  #timer: unknown = null;
  #preloadTimer: unknown = null;
  readonly #holds = new Set<SliderHold>();
  /** Paused before the announcements arrived (reduced motion is known at once). */
  #pausedFromStart = false;
  #lastWheel = Number.NEGATIVE_INFINITY;
  #disposed = false;

  constructor(env: ClientEnvironment, api: RequestClient, apiBase: string) {
    super({ status: 'loading' });
    this.#env = env;
    this.#api = api;
    this.#apiBase = apiBase.replace(/\/+$/, '');
  }

  async load(host: string): Promise<void> {
    this.#stop();
    this.setState({ status: 'loading' });
    let slides: Announcement[] = [];
    try {
      const answer = await this.#api.get<Envelope<AnnouncementRecord[]>>(`homescreen/announcement/${encodeURIComponent(host)}`);
      if (answer?.status === 'success' && Array.isArray(answer.data)) slides = answer.data.map((a) => this.#resolve(a));
    } catch (error) {
      console.warn('Announcements could not be loaded.', error);
    }
    if (this.#disposed) return;
    this.setState(slides.length ? { status: 'ready', slides, index: 0, fullscreen: false, detailsOpen: false, paused: this.#pausedFromStart, upcoming: null } : { status: 'empty' });
    this.#schedule();
  }

  next(): void {
    this.#move(1);
  }

  previous(): void {
    this.#move(-1);
  }

  /** Shows slide i (ignored outside the list). */
  goTo(i: number): void {
    const state = this.getState();
    if (state.status !== 'ready' || !Number.isInteger(i) || i < 0 || i >= state.slides.length) return;
    if (i !== state.index) this.setState({ ...state, index: i });
    this.#schedule();
  }

  /** A mouse-wheel movement: down → next, up → previous. */
  wheel(deltaY: number): void {
    if (Math.abs(deltaY) < WHEEL_MIN_DELTA) return;
    const now = this.#env.clock.now();
    if (now - this.#lastWheel < WHEEL_THROTTLE) return;
    this.#lastWheel = now;
    this.#move(deltaY > 0 ? 1 : -1);
  }

  setFullscreen(on: boolean): void {
    const state = this.getState();
    if (state.status !== 'ready' || state.fullscreen === on) return;
    this.setState({ ...state, fullscreen: on });
    this.#schedule();
  }

  setDetailsOpen(on: boolean): void {
    const state = this.getState();
    if (state.status !== 'ready' || state.detailsOpen === on) return;
    this.setState({ ...state, detailsOpen: on });
    this.#schedule();
  }

  /** Stops (true) or restarts (false) the automatic advance: the user's pause button; before the announcements arrive, how they start. */
  setPaused(on: boolean): void {
    const state = this.getState();
    if (state.status !== 'ready') {
      this.#pausedFromStart = on;
      return;
    }
    if (state.paused === on) return;
    this.setState({ ...state, paused: on });
    this.#schedule();
  }

  /** Holds the slider still while the pointer is over it or focus is inside it; once no hold is left, a full period starts. */
  setHold(hold: SliderHold, on: boolean): void {
    if (this.#holds.has(hold) === on) return;
    if (on) this.#holds.add(hold);
    else this.#holds.delete(hold);
    this.#schedule();
  }

  dispose(): void {
    this.#disposed = true;
    this.#stop();
    this.clearListeners();
  }

  #resolve(a: AnnouncementRecord): Announcement {
    return { ...a, media: a.media ? `${this.#apiBase}/resources/${encodeURIComponent(a.media)}` : null };
  }

  #move(step: 1 | -1): void {
    const state = this.getState();
    if (state.status !== 'ready' || state.slides.length < 2) return;
    const count = state.slides.length;
    this.setState({ ...state, index: (state.index + step + count) % count });
    this.#schedule();
  }

  /** (Re)starts a full period when the slider should run, else stops it. */
  #schedule(): void {
    this.#stop();
    const state = this.getState();
    if (state.status !== 'ready') return;
    if (state.upcoming !== null) this.setState({ ...state, upcoming: null });
    if (this.#disposed || state.slides.length < 2 || state.fullscreen || state.detailsOpen || state.paused || this.#holds.size > 0) return;
    const clock = this.#env.clock;
    this.#preloadTimer = clock.setTimeout(() => {
      this.#preloadTimer = null;
      const now = this.getState();
      if (now.status === 'ready') this.setState({ ...now, upcoming: (now.index + 1) % now.slides.length });
    }, SLIDER_INTERVAL - PRELOAD_LEAD);
    this.#timer = clock.setTimeout(() => {
      this.#timer = null;
      this.next();
    }, SLIDER_INTERVAL);
  }

  #stop(): void {
    if (this.#timer !== null) this.#env.clock.clearTimeout(this.#timer);
    if (this.#preloadTimer !== null) this.#env.clock.clearTimeout(this.#preloadTimer);
    this.#timer = null;
    this.#preloadTimer = null;
  }
}
