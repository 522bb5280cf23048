import * as z from 'zod/mini';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants.js';
import { text } from './text.js';

/**
 * The application catalogue's texts in the user's language
 * (docs/behaviour/applications.md#catalogue-translations). An entry of the
 * catalogue (an organisation page, an application of a category) has a
 * title, which is the text of the default language and of every language
 * without its own, and may carry translations: a text per locale. The
 * server keeps them, gives them in the profile's start_options (`titles`)
 * and with search results; the desktop shows the one of the current
 * language wherever it names the entry (menu, window titles, search,
 * palette, work items); the rules that pick the text are in
 * rules/catalogueTitle.ts (kept apart, so that the desktop's page does not
 * carry this schema, which only the server and the command line use).
 */

/** Longest title of a catalogue entry, in any language. */
export const CATALOGUE_TITLE_MAX_LENGTH = 200;

/** The locales a catalogue entry may be translated into: every one but the default, whose text is the entry's title. */
export const CATALOGUE_TRANSLATION_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Array<Exclude<Locale, 'en_EN'>>;

/** A catalogue entry's translations: a text per locale other than the default. */
export type CatalogueTitles = Partial<Record<Exclude<Locale, 'en_EN'>, string>>;

/** A catalogue entry's translations: a non-blank text (at most 200 characters) per locale other than the default; any may be left out. */
export const CatalogueTitles: z.ZodMiniType<CatalogueTitles> = z.partialRecord(
  z.enum(CATALOGUE_TRANSLATION_LOCALES),
  text({ max: CATALOGUE_TITLE_MAX_LENGTH }).check(z.refine((s) => s.trim() !== '', 'must not be blank')),
);
