import { TextSourceProvider } from '@atrium/app-kit';
import { TestTranslator } from '@atrium/app-kit/testing';
import type { Locale } from '@atrium/sdk';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RECORDS_TEXTS } from '../texts.js';
import { RECORDS_VIEW_TEXTS } from '../viewTexts.js';
import { RECORDS_WORKFLOW_TEXTS } from '../workflowTexts.js';

/** Renders a view as a window of Records shows it: with the product's texts, the application's and those of the views, in English unless told. Never used by production code. */
export async function renderView(view: ReactNode, locale?: Locale): Promise<RenderResult & { i18n: TestTranslator }> {
  const i18n = await TestTranslator.create(locale);
  await RECORDS_TEXTS.install(i18n);
  await RECORDS_VIEW_TEXTS.install(i18n);
  await RECORDS_WORKFLOW_TEXTS.install(i18n);
  return { ...render(<TextSourceProvider source={i18n}>{view}</TextSourceProvider>), i18n };
}
