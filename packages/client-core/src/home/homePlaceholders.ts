import { languageTag, type Envelope, type Profile, type UserDetail } from '@atrium/shared';
import { HOME_PLACEHOLDERS } from '@atrium/shared/dashboards';

/** A placeholder a home block may name (`{name}`, `{manager}`…). */
export type HomePlaceholder = (typeof HOME_PLACEHOLDERS)[number];

/** The values of the placeholders, as plain text (escaped when filled in). */
export type HomeValues = Readonly<Record<HomePlaceholder, string>>;

const PLACEHOLDER = new RegExp(`\\{(${HOME_PLACEHOLDERS.join('|')})\\}`, 'g');

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

/**
 * A block with its placeholders filled for the profile (docs/behaviour/desktop.md#home-widget):
 * `{manager}` costs one call (GET user/{id}/detail), made only when the block
 * names it; a failure leaves it empty (logged).
 */
export async function filledBlock(html: string, profile: Profile, from: { request<T>(method: 'get', path: string): Promise<T>; clock: { now(): number }; locale(): string }): Promise<string> {
  let manager: string | null = null;
  if (html.includes('{manager}')) {
    try {
      const answer = await from.request<Envelope<UserDetail>>('get', `user/${encodeURIComponent(profile.id)}/detail`);
      manager = answer?.status === 'success' ? (answer.data?.manager_name ?? null) : null;
    } catch (error) {
      console.warn("The manager's name for the home widget could not be loaded.", error);
    }
  }
  return fillPlaceholders(html, homeValues(profile, { manager, now: from.clock.now(), locale: from.locale() }));
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
