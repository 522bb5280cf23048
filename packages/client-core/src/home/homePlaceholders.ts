import { languageTag, type Profile } from '@atrium/shared';
import { HOME_PLACEHOLDERS } from '@atrium/shared/dashboards';

/** A placeholder a home block may name (`{name}`, `{manager}`…). */
export type HomePlaceholder = (typeof HOME_PLACEHOLDERS)[number];

/** The values of the placeholders, as plain text (escaped when filled in). */
export type HomeValues = Readonly<Record<HomePlaceholder, string>>;

const PLACEHOLDER = new RegExp(`\\{(${HOME_PLACEHOLDERS.join('|')})\\}`, 'g');

/** Whether the block names `{manager}` (which costs a call to fetch; docs/behaviour/desktop.md#home-widget). */
export function namesManager(html: string): boolean {
  return html.includes('{manager}');
}

/**
 * The values of the placeholders for a profile: its names, designation,
 * e-mail and country, the active organisation's name, the manager's name
 * (given, as the profile does not carry it) and today's date in the user's
 * language. A field the profile lacks is empty.
 */
export function homeValues(profile: Profile, extra: { manager: string | null; now: number; locale: string }): HomeValues {
  return {
    name: profile.name ?? '',
    firstname: profile.firstname ?? '',
    lastname: profile.lastname ?? '',
    username: profile.username ?? '',
    designation: profile.designation ?? '',
    organisation: profile.active_account?.name ?? '',
    manager: extra.manager ?? '',
    email: profile.email ?? '',
    country: profile.country ?? '',
    date: formatDate(extra.now, extra.locale),
  };
}

/**
 * Fills the known `{placeholders}` of a home block with the values,
 * HTML-escaped: a value is always text, never markup (a name like
 * `<img onerror=…>` shows as written). Unknown `{words}` stay as they are.
 */
export function fillPlaceholders(html: string, values: HomeValues): string {
  return html.replace(PLACEHOLDER, (_, key: HomePlaceholder) => escapeHtml(values[key]));
}

/** The text as HTML text and attribute content: `& < > " '` and the backtick as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function formatDate(now: number, locale: string): string {
  try {
    return new Intl.DateTimeFormat(languageTag(locale), { dateStyle: 'long' }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}
