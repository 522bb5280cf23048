/**
 * A stand-in for client-core's DesktopRuntime in view tests: a scripted
 * package manager (records launches, links and autostart; window content
 * registered by the test), the real NotificationService over a fake clock,
 * a connection switch, an appearance and a profile card the test drives.
 * Never imported by production code.
 */
import { NotificationService, type AppearanceState, type LinkAction, type PackagesState, type ProfileCardState } from '@atrium/client-core';
import { FakeClock } from '@atrium/client-core/testing';
import type { AppWindow, AppWindowOptions, LaunchOptions, LaunchRequest } from '@atrium/sdk';
import { DEFAULT_SETTINGS, PackageMetadataSchema, type PackageManifestEntry, type PackageMetadataInput } from '@atrium/shared';
import type { AppearancePort, DesktopRuntimePort, PackagesPort, ProfileCardPort, Store } from '../ports.js';

/** A store whose state the test sets. */
export class FakeStore<S> implements Store<S> {
  #state: S;
  readonly #listeners = new Set<() => void>();
  constructor(initial: S) {
    this.#state = initial;
  }
  getState = (): S => this.#state;
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  set(next: S): void {
    this.#state = next;
    for (const listener of [...this.#listeners]) listener();
  }
}

/** A manifest entry of a built-in package. */
export function manifestEntry(metadata: PackageMetadataInput): PackageManifestEntry {
  return { ...PackageMetadataSchema.parse(metadata), builtin: true, base: null };
}

export class FakePackages extends FakeStore<PackagesState> implements PackagesPort {
  readonly launches: Array<{ request: LaunchRequest | string; args?: Record<string, unknown>; options?: LaunchOptions }> = [];
  readonly links: LinkAction[] = [];
  autostarts = 0;
  readonly #content = new Map<number, { render: AppWindowOptions['render']; window: AppWindow }>();
  readonly #contentListeners = new Set<() => void>();
  readonly #attentionListeners = new Set<(wid: number) => void>();

  constructor(metadata: readonly PackageManifestEntry[] = []) {
    super({ metadata, loaded: true, running: [], launching: [] });
  }
  launch(request: LaunchRequest | string, args?: Record<string, unknown>, options?: LaunchOptions): Promise<null> {
    this.launches.push({ request, args, options });
    return Promise.resolve(null);
  }
  autostart(): void {
    this.autostarts++;
  }
  handleLink(action: LinkAction): void {
    this.links.push(action);
  }
  metadataOf(name: string): PackageManifestEntry | undefined {
    return this.getState().metadata.find((m) => m.name === name);
  }
  contentOf(wid: number): AppWindowOptions['render'] | undefined {
    return this.#content.get(wid)?.render;
  }
  windowOf(wid: number): AppWindow | undefined {
    return this.#content.get(wid)?.window;
  }
  subscribeContent(listener: () => void): () => void {
    this.#contentListeners.add(listener);
    return () => this.#contentListeners.delete(listener);
  }
  onAttention(listener: (wid: number) => void): () => void {
    this.#attentionListeners.add(listener);
    return () => this.#attentionListeners.delete(listener);
  }
  /** Signals a window for attention, as a singleton launched again does. */
  attention(wid: number): void {
    for (const listener of [...this.#attentionListeners]) listener(wid);
  }
  /** Registers (or with null forgets) what renders into a window, as an Application does. */
  setContent(wid: number, render: AppWindowOptions['render'] | null): void {
    if (render) {
      const window: AppWindow = { wid, id: `w${wid}`, setTitle: () => undefined, setLoading: () => undefined, focus: () => undefined, attention: () => undefined, close: () => undefined };
      this.#content.set(wid, { render, window });
    } else this.#content.delete(wid);
    for (const listener of [...this.#contentListeners]) listener();
  }
}

export class FakeAppearance extends FakeStore<AppearanceState> implements AppearancePort {
  constructor() {
    super({ theme: null, themeName: 'Vision', icons: null, font: 'Lato', background: DEFAULT_SETTINGS['desktop.background'] });
  }
  iconOf(name: string | undefined): string | null {
    return (name && this.getState().icons?.icons[name]) || null;
  }
}

export class FakeProfileCard extends FakeStore<ProfileCardState> implements ProfileCardPort {
  readonly opened: Array<{ userId: string; at: { x: number; y: number } }> = [];
  constructor() {
    super({ open: false });
  }
  open(userId: string, at: { x: number; y: number }): Promise<void> {
    this.opened.push({ userId, at });
    this.set({ open: true, userId, at, detail: null });
    return Promise.resolve();
  }
  close(): void {
    this.set({ open: false });
  }
}

export interface FakeRuntime extends DesktopRuntimePort {
  packages: FakePackages;
  notifications: NotificationService;
  connection: FakeStore<{ online: boolean }>;
  appearance: FakeAppearance;
  profileCard: FakeProfileCard;
  clock: FakeClock;
  started: number;
  disposed: boolean;
}

/** A fake runtime with these packages in its manifest. */
export function fakeRuntime(options: { metadata?: readonly PackageManifestEntry[]; clock?: FakeClock } = {}): FakeRuntime {
  const clock = options.clock ?? new FakeClock();
  const runtime: FakeRuntime = {
    packages: new FakePackages(options.metadata),
    notifications: new NotificationService({ clock }),
    connection: new FakeStore({ online: true }),
    appearance: new FakeAppearance(),
    profileCard: new FakeProfileCard(),
    clock,
    started: 0,
    disposed: false,
    start() {
      runtime.started++;
      return Promise.resolve();
    },
    dispose() {
      runtime.disposed = true;
      runtime.notifications.dispose();
    },
  };
  return runtime;
}
