import { TextSourceProvider } from '@atrium/app-kit';
import { TestTranslator } from '@atrium/app-kit/testing';
import type { Locale } from '@atrium/sdk';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DASHBOARDS_TEXTS } from '../texts.js';

/** Renders a view as the Dashboards window shows it: with the application's texts, in English unless told. Never used by production code. */
export async function renderView(view: ReactNode, locale?: Locale): Promise<RenderResult & { i18n: TestTranslator }> {
  const i18n = await TestTranslator.create(locale);
  await DASHBOARDS_TEXTS.install(i18n);
  return { ...render(<TextSourceProvider source={i18n}>{view}</TextSourceProvider>), i18n };
}
