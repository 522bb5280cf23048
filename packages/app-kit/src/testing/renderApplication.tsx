/**
 * Renders an application as the desktop would: its runtime launches with a
 * fake Application, each window it creates gets a body element, and the
 * React content (reactContent) is portalled there by <AppPortals/> under a
 * TestTranslator (English unless `locale` says otherwise), which the fake
 * desktop's `t` and addTranslations use too. Never imported by production code.
 */
import type { ApplicationRuntime, Locale } from '@atrium/sdk';
import type { PackageMetadataInput } from '@atrium/shared';
import { act, render, type RenderResult } from '@testing-library/react';
import { AppPortals } from '../reactContent.js';
import { TextSourceProvider } from '../useTranslation.js';
import { fakeApplication, type FakeApplication, type FakeApplicationOptions } from './fakeApplication.js';
import { TestTranslator } from './TestTranslator.js';

export interface ApplicationTest extends RenderResult {
  app: FakeApplication;
  /** The body element of each window, in creation order. */
  bodies: HTMLElement[];
  /**
   * Closes every window (runs the cleanups render() returned) and ends the
   * application as the desktop does (its 'destroy' listeners run), so that
   * nothing it set on the page (the window's listeners, its timers) outlives
   * the test: a worker's test files share one window.
   */
  closeAll(): void;
  /** The views' texts; setLocale switches them as the desktop does. */
  i18n: TestTranslator;
}

export async function renderApplication(runtime: ApplicationRuntime, metadata: PackageMetadataInput, options: FakeApplicationOptions & { locale?: Locale } = {}): Promise<ApplicationTest> {
  const i18n = await TestTranslator.create(options.locale);
  const bodies: HTMLElement[] = [];
  const cleanups: Array<() => void> = [];
  const result = render(
    <TextSourceProvider source={i18n}>
      <AppPortals />
    </TextSourceProvider>,
  );
  const app = fakeApplication(metadata, {
    t: i18n.t,
    addTranslations: (texts) => i18n.addTranslations(texts),
    ...options,
    onWindow(o, window) {
      const body = document.createElement('div');
      body.dataset.testid = `body.${o.id}`;
      document.body.appendChild(body);
      bodies.push(body);
      const cleanup = o.render(body, window);
      if (cleanup) cleanups.push(cleanup);
      options.onWindow?.(o, window);
    },
  });
  await act(async () => {
    await runtime.launch(app);
  });
  return {
    ...result,
    app,
    bodies,
    i18n,
    closeAll() {
      act(() => {
        for (const cleanup of cleanups.splice(0)) cleanup();
        app.destroy();
      });
      for (const body of bodies) body.remove();
    },
  };
}
