/**
 * Renders an application as the desktop would: its runtime launches with a
 * fake Application, each window it creates gets a body element, and the
 * React content (reactContent) is portalled there by <AppPortals/> under the
 * English catalogue. Never imported by production code.
 */
import { createI18n } from '@atrium/client-core';
import { FakeEnvironment } from '@atrium/client-core/testing';
import type { ApplicationRuntime } from '@atrium/sdk';
import type { PackageMetadataInput } from '@atrium/shared';
import { act, render, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '../i18n/useTranslation.js';
import { AppPortals } from '../apphost/reactContent.js';
import { fakeApplication, type FakeApplication, type FakeApplicationOptions } from './fakeApplication.js';

export interface ApplicationTest extends RenderResult {
  app: FakeApplication;
  /** The body element of each window, in creation order. */
  bodies: HTMLElement[];
  /** Closes every window (runs the cleanups render() returned). */
  closeAll(): void;
  i18n: Awaited<ReturnType<typeof createI18n>>;
}

export async function renderApplication(runtime: ApplicationRuntime, metadata: PackageMetadataInput, options: FakeApplicationOptions = {}): Promise<ApplicationTest> {
  const clientI18n = await createI18n(new FakeEnvironment(), ['en-GB']);
  const bodies: HTMLElement[] = [];
  const cleanups: Array<() => void> = [];
  const result = render(
    <I18nProvider i18n={clientI18n.i18n}>
      <AppPortals />
    </I18nProvider>,
  );
  const app = fakeApplication(metadata, {
    addTranslations: (texts) => clientI18n.i18n.addTranslations(texts),
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
    i18n: clientI18n,
    closeAll() {
      act(() => {
        for (const cleanup of cleanups.splice(0)) cleanup();
      });
      for (const body of bodies) body.remove();
    },
  };
}
