/**
 * Test helpers for the desktop's views: a real WindowManager (fake clock,
 * 1280x800), DialogService, CommandRegistry with the window commands and the
 * desktop's view state, rendered with the English catalogue. Never imported
 * by production code.
 */
import { CommandRegistry, createI18n, DialogService, type FileSystem, WindowManager, type WindowOptions, type WindowRecord } from '@atrium/client-core';
import { FakeClock, FakeEnvironment } from '@atrium/client-core/testing';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import type { DesktopRuntimePort } from '../ports.js';
import { I18nProvider } from '../i18n/useTranslation.js';
import { createDesktopServices } from '../desktop/createDesktopServices.js';
import { DesktopContext, type DesktopServices } from '../desktop/DesktopContext.js';
import { MinimizedStrip } from '../desktop/MinimizedStrip.js';
import { useDesktopKeys } from '../desktop/useDesktopEvents.js';
import { DialogHost } from '../dialogs/DialogHost.js';
import { WindowLayer } from '../windows/WindowLayer.js';

export const VIEWPORT = { width: 1280, height: 800 };

export interface DesktopTest extends RenderResult {
  services: DesktopServices;
  windows: WindowManager;
  dialogs: DialogService;
  clock: FakeClock;
  /** Opens a window inside act(). */
  open(options?: Partial<WindowOptions>): WindowRecord;
  /** The frame element of a window. */
  frame(wid: number): HTMLElement;
  dispose(): void;
}

let count = 0;

function Keys({ services }: { services: DesktopServices }): null {
  useDesktopKeys(services);
  return null;
}

/** Renders the window layer, dialog host, minimized strip and desktop keys over fresh models. */
export async function renderDesktop(
  options: { fileSystem?: FileSystem; applications?: () => Array<{ name: string; title: string }>; children?: ReactNode; runtime?: DesktopRuntimePort; clock?: FakeClock; onCommit?: ProfilerOnRenderCallback } = {},
): Promise<DesktopTest> {
  const { i18n } = await createI18n(new FakeEnvironment(), ['en-GB']);
  const clock = options.clock ?? new FakeClock();
  const translate = (key: string, vars?: Record<string, unknown>) => String(i18n.t(key, vars ?? {}));
  const services = createDesktopServices(
    {
      slider: () => {
        throw new Error('not in this test');
      },
      forgotPassword: () => {
        throw new Error('not in this test');
      },
      resetPassword: () => {
        throw new Error('not in this test');
      },
      privacyPolicy: () => Promise.reject(new Error('not in this test')),
      desktop: ({ translate: t }) => {
        const windows = new WindowManager({ clock, viewport: VIEWPORT, translate: t });
        const dialogs = new DialogService({ windows, translate: t, fileSystem: options.fileSystem, applications: options.applications });
        return { windows, dialogs, commands: new CommandRegistry(), dispose: () => windows.dispose() };
      },
      desktopRuntime: options.runtime ? () => options.runtime! : undefined,
    },
    { surface: null, translate, locale: () => 'en_EN', setLocale: () => Promise.resolve() },
  );
  services.windows.setViewport(VIEWPORT);
  const tree = (
    <I18nProvider i18n={i18n}>
      <DesktopContext.Provider value={services}>
        <Keys services={services} />
        <WindowLayer />
        <DialogHost />
        <MinimizedStrip />
        {options.children}
      </DesktopContext.Provider>
    </I18nProvider>
  );
  // onCommit hears every React commit of the whole tree (a Profiler at its root).
  const result = render(options.onCommit ? <Profiler id="desktop" onRender={options.onCommit}>{tree}</Profiler> : tree);
  return {
    ...result,
    services,
    windows: services.windows,
    dialogs: services.dialogs,
    clock,
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
    dispose: () => services.dispose(),
  };
}

/**
 * For a test file: returns a function that renders a desktop, and disposes
 * the one rendered by each test (and unmounts it) after that test.
 */
export function desktopPerTest(options: Parameters<typeof renderDesktop>[0] = {}): () => Promise<DesktopTest> {
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
