import type { Envelope, Profile } from '@atrium/shared';
import type { HomeProfile } from '@atrium/shared/dashboards';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';

/**
 * What the home widget shows (docs/behaviour/desktop.md#home-widget):
 * - `hidden`: the 'desktop.widgets' setting does not name it (or no one is signed in);
 * - `loading`: its first answer is on the way (the view shows nothing yet; asked again, it keeps what it shows);
 * - `failed`: the answer did not come (logged; the view shows nothing);
 * - `empty`: the organisation has no block and the user no dashboard (nothing to show);
 * - `html`: the block with its placeholders filled (escaped values), NOT sanitised: the view sanitises it;
 * - `dashboard`: the user's dashboard, shown read-only.
 */
export type HomeWidgetState =
  | { status: 'hidden' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'empty' }
  | { status: 'html'; html: string }
  | { status: 'dashboard'; dashboard: string };

/** What the model reads: the settings, the signed-in user, the server. */
export interface HomeWidgetModelOptions {
  settings: { get(key: 'desktop.widgets'): ReadonlyArray<{ name: string }>; getState(): { loaded: boolean }; subscribe(listener: () => void): () => void };
  /** The signed-in user's profile, or null. */
  profile(): Profile | null;
  /** Calls the listener after the profile was fetched again (another organisation, a new sign-in); returns an unsubscribe. */
  onProfileUpdated(listener: () => void): () => void;
  /** A signed API request (the session's request client). */
  request<T>(method: 'get', path: string): Promise<T>;
  clock: Clock;
  /** The interface language ('en_EN'…), for `{date}`. */
  locale(): string;
}

const HIDDEN: HomeWidgetState = { status: 'hidden' };
const LOADING: HomeWidgetState = { status: 'loading' };
const FAILED: HomeWidgetState = { status: 'failed' };
const EMPTY: HomeWidgetState = { status: 'empty' };

/**
 * The home widget on the desktop (docs/behaviour/desktop.md#home-widget).
 * It follows the 'desktop.widgets' setting (the entry named 'home'): shown
 * once the settings have loaded, it asks GET profile/user/{me}; turned off,
 * it hides at once (and asks again when turned on). The answer is asked again
 * when the profile is fetched anew (an organisation switch, a new sign-in).
 * An HTML block gets its `{placeholders}` filled from the profile with
 * escaped values (`{manager}` costs one more call, made only when the block
 * names it). An answer overtaken by a newer question is dropped.
 */
export class HomeWidgetModel extends Observable<HomeWidgetState> {
  readonly #options: HomeWidgetModelOptions;
  readonly #cleanups: Array<() => void> = [];
  /** The question in flight; an answer to an older one is dropped. */
  #asked = 0;
  #disposed = false;

  constructor(options: HomeWidgetModelOptions) {
    super(HIDDEN);
    this.#options = options;
    this.#cleanups.push(
      options.settings.subscribe(() => this.#follow()),
      options.onProfileUpdated(() => {
        if (this.#shown()) void this.refresh();
      }),
    );
    this.#follow();
  }

  /** Asks the server again (nothing while the widget is hidden). */
  async refresh(): Promise<void> {
    const profile = this.#options.profile();
    if (this.#disposed || !this.#shown() || !profile) return;
    const asked = ++this.#asked;
    // What is shown stays while it is asked again (no flicker); the new answer replaces it.
    const status = this.getState().status;
    if (status !== 'html' && status !== 'dashboard') this.setState(LOADING);
    try {
      const answer = await this.#options.request<Envelope<HomeProfile>>('get', `profile/user/${encodeURIComponent(profile.id)}`);
      const home = answer?.status === 'success' ? answer.data : null;
      if (!home || (home.type !== 'html' && home.type !== 'dashboard')) throw new Error('The server sent no home widget');
      const next = await this.#stateOf(home, profile);
      if (asked === this.#asked && !this.#disposed) this.setState(next);
    } catch (error) {
      if (asked !== this.#asked || this.#disposed) return;
      console.warn('The home widget could not be loaded.', error);
      this.setState(FAILED);
    }
  }

  /**
   * Shows an answer as if the server had sent it (placeholders filled the
   * same way): the developer build's hook, which the security journey
   * drives with hostile blocks. Overtakes a question in flight.
   */
  async show(home: HomeProfile): Promise<void> {
    const profile = this.#options.profile();
    if (this.#disposed || !profile) return;
    const asked = ++this.#asked;
    const next = await this.#stateOf(home, profile);
    if (asked === this.#asked && !this.#disposed) this.setState(next);
  }

  dispose(): void {
    this.#disposed = true;
    this.#asked++;
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.clearListeners();
  }

  /** Whether the setting names the widget (the user's settings have loaded). */
  #shown(): boolean {
    const { settings } = this.#options;
    if (!settings.getState().loaded) return false;
    const widgets = settings.get('desktop.widgets');
    return Array.isArray(widgets) && widgets.some((widget) => widget?.name === 'home');
  }

  /** After a settings change: hides at once when turned off, asks when turned on. */
  #follow(): void {
    if (this.#disposed) return;
    const shown = this.#shown();
    const hidden = this.getState().status === 'hidden';
    if (!shown && !hidden) {
      this.#asked++;
      this.setState(HIDDEN);
    } else if (shown && hidden) {
      void this.refresh();
    }
  }

  async #stateOf(home: HomeProfile, profile: Profile): Promise<HomeWidgetState> {
    if (home.type === 'dashboard') return typeof home.dashboard_uuid === 'string' && home.dashboard_uuid ? { status: 'dashboard', dashboard: home.dashboard_uuid } : EMPTY;
    const html = typeof home.html === 'string' ? home.html : '';
    if (html.trim() === '') return EMPTY;
    // The filling is fetched with the first block (a desktop without one does not carry it).
    const { filledBlock } = await import('./homePlaceholders.js');
    return { status: 'html', html: await filledBlock(html, profile, this.#options) };
  }
}
