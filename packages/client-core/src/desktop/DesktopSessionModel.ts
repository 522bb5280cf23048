import type { DesktopSessionApp, DesktopSessionWindow, Envelope, Profile, UpdateDesktopSessionBody } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';
import type { PackageManager } from '../packages/PackageManager.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import type { WindowManager } from '../windows/WindowManager.js';

/** Saves wait this long after the last change of a window or application (dragging sends one save, at the end). */
export const SESSION_SAVE_DEBOUNCE = 1000;

export interface DesktopSessionState {
  /** 'restoring' while the saved applications are launched again; 'ready' once changes are saved. */
  status: 'idle' | 'restoring' | 'ready';
}

/** A change saved as the page went is kept locally this long: the next page of this browser restores it even if its save arrived late. */
export const PENDING_SESSION_MAX_AGE = 2 * 60 * 1000;

export interface DesktopSessionOptions {
  api: RequestClient;
  /** Where a save under way is kept until the server has it (the browser's local storage); none: not kept. */
  storage?: Storage | null;
  clock: Clock;
  windows: WindowManager;
  packages: PackageManager;
  profile(): Profile | null;
  /** Save delay after the last change (default SESSION_SAVE_DEBOUNCE). */
  debounce?: number;
}

/**
 * The desktop session (docs/behaviour/desktop.md#session-save-and-restore):
 * the open applications and the place and state of their windows, kept on
 * the server per user (GET user/me/getsession, POST user/me/updatesession).
 *
 * - restore(): fetches the saved list (or takes what prefetch() asked for
 *   while the desktop's other questions were out) and launches the
 *   applications again, all at once, with their windows' records (the
 *   application's windows of the same ids open where they were, maximized
 *   or minimized as they were); once all have started, their windows are
 *   stacked in the list's order, the last one in front and focused, as if
 *   they had been opened one after the other.
 *   Applications listed in the profile's blackListedApps, the application
 *   the page address launches (it starts fresh with its own options) and
 *   applications the user may no longer open are left out.
 * - After restore (or if it failed), every change of the windows or the
 *   running applications saves the session SESSION_SAVE_DEBOUNCE ms later;
 *   an unchanged session is not sent again. args are always saved empty: an
 *   application that shows a document keeps which one in its own settings,
 *   by window id (docs/behaviour/desktop.md#an-application-restores-its-own-document).
 * - flush() saves a pending change at once (page hidden or closed: the
 *   request is sent with keepalive); save() saves now whatever the state.
 * - A save under way is also kept in local storage (per user, for
 *   PENDING_SESSION_MAX_AGE) until the server has confirmed it: after a
 *   reload the new page may ask for the session before the old page's last
 *   save has arrived, and restores the local copy instead (then saves it).
 * - When the restore is over, a session that differs from the one fetched
 *   (the application the address launched, opened meanwhile) is saved at once:
 *   no later change may ever come to save it.
 */
export class DesktopSessionModel extends Observable<DesktopSessionState> {
  readonly #options: DesktopSessionOptions;
  readonly #debounce: number;
  #timer: unknown = null;
  #lastSaved: string | null = null;
  /** The saved session asked for ahead (prefetch). */
  #saved: Promise<DesktopSessionApp[]> | null = null;
  #unsubscribes: Array<() => void> = [];
  #disposed = false;

  constructor(options: DesktopSessionOptions) {
    super({ status: 'idle' });
    this.#options = options;
    this.#debounce = options.debounce ?? SESSION_SAVE_DEBOUNCE;
  }

  /** What would be saved now: each running application with its sessionable windows. */
  snapshot(): DesktopSessionApp[] {
    const { packages, windows } = this.#options;
    return packages.applications().map((app) => ({
      name: app.sessionName,
      args: {},
      windows: app.windows.flatMap((handle): DesktopSessionWindow[] => {
        const record = windows.sessionRecord(handle.wid);
        return record ? [{ ...record, id: handle.id }] : [];
      }),
    }));
  }

  /** Asks the server for the saved session now; restore() uses the answer. */
  prefetch(): void {
    this.#saved ??= this.#fetchSaved();
  }

  /** Launches the saved applications again (see the class comment), then starts saving changes. */
  async restore(options: { skipApp?: string | null } = {}): Promise<void> {
    if (this.getState().status !== 'idle') return;
    this.setState({ status: 'restoring' });
    const pending = this.#readPending();
    const list = pending ?? (await (this.#saved ?? this.#fetchSaved()));
    const { packages, windows } = this.#options;
    const blackListed = this.#options.profile()?.blackListedApps ?? {};
    const wanted = list.filter(
      (entry) =>
        entry && typeof entry.name === 'string' && !(Object.hasOwn(blackListed, entry.name) && blackListed[entry.name]) && entry.name !== options.skipApp && packages.canLaunch(entry.name),
    );
    // Side by side: no application waits for the one before it to arrive (docs/PERFORMANCE.md, "Restoring a session").
    const launched = await Promise.all(
      wanted.map((entry) =>
        packages.launch({ app: entry.name, args: {}, options: { restore: Array.isArray(entry.windows) ? entry.windows : [] } }).catch((error: unknown) => {
          console.warn(`The application '${entry.name}' of the saved session could not be started.`, error);
          return null;
        }),
      ),
    );
    if (this.#disposed) return;
    // Stacked as saved: the list's order, the last window in front and focused.
    windows.focusInOrder(launched.flatMap((app) => app?.windows.map((handle) => handle.wid) ?? []));
    // What the server holds is what was last saved: a local copy restored, or an
    // application the address launched meanwhile, is sent at once.
    this.#lastSaved = pending ? null : JSON.stringify(list);
    this.#watch();
    this.setState({ status: 'ready' });
    if (JSON.stringify(this.snapshot()) !== this.#lastSaved) await this.save();
  }

  /** Saves now if a change is waiting. */
  flush(): Promise<void> {
    if (this.#timer === null) return Promise.resolve();
    return this.save();
  }

  /** Saves the current session now (unless it is what was saved last). */
  async save(): Promise<void> {
    this.#clearTimer();
    if (this.getState().status !== 'ready') return;
    const list = this.snapshot();
    const json = JSON.stringify(list);
    if (json === this.#lastSaved) return;
    this.#lastSaved = json;
    this.#writePending(json);
    try {
      await this.#options.api.post('user/me/updatesession', { data: list } satisfies UpdateDesktopSessionBody, { keepalive: true });
      this.#clearPending(json);
    } catch (error) {
      // Saved again with the next change.
      this.#lastSaved = null;
      console.warn('The desktop session could not be saved.', error);
    }
  }

  dispose(): void {
    this.#disposed = true;
    this.#clearTimer();
    for (const unsubscribe of this.#unsubscribes.splice(0)) unsubscribe();
    this.clearListeners();
  }

  async #fetchSaved(): Promise<DesktopSessionApp[]> {
    try {
      const answer = await this.#options.api.get<Envelope<DesktopSessionApp[]>>('user/me/getsession');
      return answer?.status === 'success' && Array.isArray(answer.data) ? answer.data : [];
    } catch (error) {
      console.warn('The saved desktop session could not be loaded.', error);
      return [];
    }
  }

  #pendingKey(): string | null {
    const id = this.#options.profile()?.id;
    return id ? `${StorageKeys.session}.pending.${id}` : null;
  }

  #writePending(json: string): void {
    const key = this.#pendingKey();
    try {
      if (key) this.#options.storage?.setItem(key, JSON.stringify({ at: this.#options.clock.now(), json }));
    } catch {
      // Storage full or refused: the server's copy is all there is.
    }
  }

  #clearPending(json: string): void {
    const key = this.#pendingKey();
    try {
      const stored = key ? this.#options.storage?.getItem(key) : null;
      // Only the copy of this save: a later one (another tab) stays until its own answer.
      if (key && stored && (JSON.parse(stored) as { json?: string }).json === json) this.#options.storage?.removeItem(key);
    } catch {
      // nothing to clear
    }
  }

  #readPending(): DesktopSessionApp[] | null {
    const key = this.#pendingKey();
    if (!key || !this.#options.storage) return null;
    try {
      const stored = this.#options.storage.getItem(key);
      if (!stored) return null;
      this.#options.storage.removeItem(key);
      const { at, json } = JSON.parse(stored) as { at?: unknown; json?: unknown };
      if (typeof at !== 'number' || typeof json !== 'string' || this.#options.clock.now() - at > PENDING_SESSION_MAX_AGE) return null;
      const list: unknown = JSON.parse(json);
      return Array.isArray(list) ? (list as DesktopSessionApp[]) : null;
    } catch {
      return null;
    }
  }

  #watch(): void {
    const schedule = () => {
      if (this.#disposed) return;
      this.#clearTimer();
      this.#timer = this.#options.clock.setTimeout(() => {
        this.#timer = null;
        void this.save();
      }, this.#debounce);
    };
    this.#unsubscribes.push(this.#options.windows.subscribeAny(schedule), this.#options.packages.subscribe(schedule));
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
