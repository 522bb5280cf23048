import type { ProfileApp } from '../api/user.js';

/**
 * The text of an application catalogue entry in the user's language
 * (docs/behaviour/applications.md#catalogue-translations): its translation
 * there, else its title (the default language's). The schema of the
 * translations (CatalogueTitles) is api/catalogue.ts.
 */

/** The text of a catalogue entry in a locale: its translation there, else its title. */
export function catalogueTitle(title: string, titles: Readonly<Partial<Record<string, string>>> | null | undefined, locale: string): string {
  const translated = (titles as Record<string, unknown> | null | undefined)?.[locale];
  return typeof translated === 'string' && translated.trim() !== '' ? translated : title;
}

/**
 * The title of a profile app in a locale, from its start_options (a JSON
 * string: `title` and `titles`): the translation of that locale, else the
 * title; null when start_options is not JSON or names no title.
 */
export function profileAppTitle(app: Pick<ProfileApp, 'start_options'>, locale: string): string | null {
  let options: { title?: unknown; titles?: unknown } | null;
  try {
    options = JSON.parse(app.start_options) as typeof options;
  } catch {
    return null;
  }
  const title = typeof options?.title === 'string' ? options.title : '';
  const titles = typeof options?.titles === 'object' ? (options.titles as Record<string, string>) : null;
  return catalogueTitle(title, titles, locale).trim() || null;
}
