/**
 * Test helpers for the desktop's views: the real desktop of client-core's
 * createDesktop over a fake platform (a FakeEnvironment browser with a fake
 * clock, a scripted server with a signed-in session, built-in packages the
 * test gives), 1280x800, rendered with the English catalogue. Never
 * imported by production code.
 */
import { addAppTranslations, createDesktop, createI18n, loadDialogKinds, Session, type BuiltinLoaders, type FileSystem, type WindowManager, type WindowOptions, type WindowRecord, type DialogService } from '@atrium/client-core';
import type { FakeClock } from '@atrium/client-core/testing';
import { FakeAuthServer, FakeDesktopServer, FakeEnvironment, flushPromises, LOOK_PACKAGES, testConfig } from '@atrium/client-core/testing';
import type { PackageManifestEntry } from '@atrium/shared';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { AtriumContext, resolveSite, type AtriumServices } from '../AtriumContext.js';
import { createModelFactories } from '../createModelFactories.js';
import { I18nProvider } from '../i18n/useTranslation.js';
import { DesktopContext, type DesktopServices } from '../desktop/DesktopContext.js';
import { overlayViews } from '../desktop/overlayViews.js';
import { useDesktopKeys } from '../desktop/useDesktopEvents.js';
import { DesktopOverlays } from '../desktop/DesktopOverlays.js';
import { DialogHost } from '../dialogs/DialogHost.js';
import { WindowLayer } from '../windows/WindowLayer.js';
import { WindowSlots } from '../windows/WindowSlots.js';

export const VIEWPORT = { width: 1280, height: 800 };

export interface DesktopTest extends RenderResult {
  services: DesktopServices;
  windows: WindowManager;
  dialogs: DialogService;
  clock: FakeClock;
  env: FakeEnvironment;
  /** The scripted server: settings, manifest, saved session. */
  server: FakeDesktopServer;
  /** The scripted sign-in server: its profile is what the session fetches. */
  auth: FakeAuthServer;
  /** The page's shared services the views read with useAtrium() (the session, the configuration). */
  atrium: AtriumServices;
  session: Session;
  /** Opens a window inside act(). */
  open(options?: Partial<WindowOptions>): WindowRecord;
  /** The frame element of a window. */
  frame(wid: number): HTMLElement;
  /** Starts the desktop (settings, packages, socket...) and lets it settle. */
  start(): Promise<void>;
  dispose(): void;
}

export interface DesktopTestOptions {
  fileSystem?: FileSystem;
  applications?: () => Array<{ name: string; title: string }>;
  children?: ReactNode;
  clock?: FakeClock;
  onCommit?: ProfilerOnRenderCallback;
  /** The packages the build carries. */
  builtins?: BuiltinLoaders;
  /** What the server's package manifest lists. */
  manifest?: PackageManifestEntry[];
}

let count = 0;

function Keys({ services }: { services: DesktopServices }): null {
  useDesktopKeys(services);
  return null;
}

/** A signed-in session over a fake browser and server (the desktop's platform in tests). */
export async function fakePlatform(options: { clock?: FakeClock; manifest?: PackageManifestEntry[] } = {}) {
  const env = new FakeEnvironment({ clock: options.clock });
  const auth = new FakeAuthServer(env);
  const server = new FakeDesktopServer(env, { manifest: options.manifest });
  const session = new Session(env, testConfig);
  await session.boot();
  await session.login('ada', auth.password);
  return { env, auth, server, session };
}

/** Renders the window layer, dialog host, overlays and desktop keys over a real desktop on a fake platform. */
export async function renderDesktop(options: DesktopTestOptions = {}): Promise<DesktopTest> {
  const { i18n } = await createI18n(new FakeEnvironment(), ['en-GB']);
  // Menus and every dialog kind open at once, as on a desktop that has been idle (their code is fetched then).
  await Promise.all([loadDialogKinds(), overlayViews.preload()]);
  const translate = (key: string, vars?: Record<string, unknown>) => String(i18n.t(key, vars ?? {}));
  const { env, auth, server, session } = await fakePlatform({ clock: options.clock, manifest: options.manifest });
  const desktop = createDesktop(
    { env, session, config: testConfig, builtins: { ...LOOK_PACKAGES.builtins, ...options.builtins }, fileSystem: options.fileSystem, applications: options.applications, translate, locale: () => 'en_EN', setLocale: () => Promise.resolve(), addTranslations: (texts) => addAppTranslations(i18n, texts) },
    { viewport: VIEWPORT },
  );
  const services: DesktopServices = Object.assign(desktop, { slots: new WindowSlots() });
  const platform = { env, session, config: testConfig, builtins: options.builtins ?? {} };
  const atrium: AtriumServices = {
    config: testConfig,
    site: resolveSite(testConfig),
    session,
    navigation: { current: () => env.location, setHash: () => undefined, assign: (url) => env.location.assign(url), subscribe: () => () => undefined },
    models: createModelFactories(env, session, testConfig),
    platform,
    setLocale: () => Promise.resolve(),
    chooseLocale: () => Promise.resolve(),
    chosenLocale: () => null,
    desktopAccessory: null,
    takeLaunchRequest: () => null,
  };
  const tree = (
    <I18nProvider i18n={i18n}>
      <AtriumContext.Provider value={atrium}>
        <DesktopContext.Provider value={services}>
          <Keys services={services} />
          <WindowLayer />
          <DialogHost />
          <DesktopOverlays />
          {options.children}
        </DesktopContext.Provider>
      </AtriumContext.Provider>
    </I18nProvider>
  );
  // onCommit hears every React commit of the whole tree (a Profiler at its root).
  const result = render(options.onCommit ? <Profiler id="desktop" onRender={options.onCommit}>{tree}</Profiler> : tree);
  return {
    ...result,
    services,
    windows: services.windows,
    dialogs: services.dialogs,
    clock: env.clock,
    env,
    server,
    auth,
    atrium,
    session,
    open(o = {}) {
      let record: WindowRecord | undefined;
      act(() => {
        record = services.windows.open({ id: `w${++count}`, title: `Window ${count}`, ...o });
      });
      return record!;
    },
    frame: (wid) => {
      const el = result.container.querySelector<HTMLElement>(`[data-testid="window"][data-wid="${wid}"]`);
      if (!el) throw new Error(`no frame for window ${wid}`);
      return el;
    },
    async start() {
      await act(async () => {
        await services.start();
        await env.clock.settle();
        await flushPromises();
      });
    },
    dispose: () => {
      services.dispose();
      session.dispose();
    },
  };
}

/**
 * For a test file: returns a function that renders a desktop, and disposes
 * the one rendered by each test (and unmounts it) after that test.
 */
export function desktopPerTest(options: DesktopTestOptions = {}): () => Promise<DesktopTest> {
  let current: DesktopTest | null = null;
  afterEach(() => {
    current?.dispose();
    current = null;
    cleanup();
  });
  return async () => {
    current = await renderDesktop(options);
    return current;
  };
}
