import * as z from 'zod/mini';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants.js';
import { text } from './text.js';
import type { ProfileApp } from './user.js';

/**
 * The application catalogue's texts in the user's language
 * (docs/behaviour/applications.md#catalogue-translations). An entry of the
 * catalogue (an organisation page, an application of a category) has a
 * title, which is the text of the default language and of every language
 * without its own, and may carry translations: a text per locale. The
 * server keeps them, gives them in the profile's start_options (`titles`)
 * and with search results; the desktop shows the one of the current
 * language wherever it names the entry (menu, window titles, search,
 * palette, work items).
 */

/** Longest title of a catalogue entry, in any language. */
export const CATALOGUE_TITLE_MAX_LENGTH = 200;

/** The locales a catalogue entry may be translated into: every one but the default, whose text is the entry's title. */
export const CATALOGUE_TRANSLATION_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Array<Exclude<Locale, 'en_EN'>>;

/** A catalogue entry's translations: a non-blank text (at most 200 characters) per locale other than the default; any may be left out. */
export const CatalogueTitles = z.partialRecord(
  z.enum(CATALOGUE_TRANSLATION_LOCALES),
  text({ max: CATALOGUE_TITLE_MAX_LENGTH }).check(z.refine((s) => s.trim() !== '', 'must not be blank')),
);
export type CatalogueTitles = Partial<Record<Exclude<Locale, 'en_EN'>, string>>;

/** The text of a catalogue entry in a locale: its translation there, else its title. */
export function catalogueTitle(title: string, titles: CatalogueTitles | null | undefined, locale: string): string {
  const translated = (titles as Record<string, unknown> | null | undefined)?.[locale];
  return typeof translated === 'string' && translated.trim() !== '' ? translated : title;
}

/**
 * The title of a profile app in a locale, from its start_options (a JSON
 * string: `title` and `titles`): the translation of that locale, else the
 * title; null when start_options is not JSON or names no title.
 */
export function profileAppTitle(app: Pick<ProfileApp, 'start_options'>, locale: string): string | null {
  let options: unknown;
  try {
    options = JSON.parse(app.start_options);
  } catch {
    return null;
  }
  if (!options || typeof options !== 'object') return null;
  const { title, titles } = options as { title?: unknown; titles?: unknown };
  const fallback = typeof title === 'string' ? title.trim() : '';
  const translated = titles && typeof titles === 'object' ? (titles as Record<string, unknown>)[locale] : undefined;
  if (typeof translated === 'string' && translated.trim() !== '') return translated.trim();
  return fallback === '' ? null : fallback;
}
