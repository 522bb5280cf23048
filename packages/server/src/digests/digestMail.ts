import { DIGEST_TEXTS, languageTag, RYG_STATUSES, type Locale, type RygStatus } from '@atrium/shared';

/** An open task as a digest lists it. */
export interface DigestMailTask {
  name: string;
  appName: string;
  colour: RygStatus;
  endDate: Date | null;
}

/** A followed record's changes as a digest lists them. */
export interface DigestMailChange {
  name: string;
  title: string;
  appName: string;
  changes: number;
  lastBy: string;
}

/** What one user's digest says. */
export interface DigestContent {
  locale: Locale;
  name: string;
  tasks: readonly DigestMailTask[];
  /** All the user's open tasks, of which `tasks` are the first. */
  taskTotal: number;
  changes: readonly DigestMailChange[];
  /** Where the product is, for the link at the end. */
  link: string;
}

const COLOUR_KEYS: Record<RygStatus, 'red' | 'yellow' | 'green' | 'blue'> = { RED: 'red', YELLOW: 'yellow', GREEN: 'green', BLUE: 'blue' };
const COLOUR_HEX: Record<RygStatus, string> = { RED: '#c62828', YELLOW: '#b7791f', GREEN: '#2e7d32', BLUE: '#1565c0' };

/** The date format of each locale, made once (a round formats thousands of mails). */
const DATE_FORMATS = new Map<Locale, Intl.DateTimeFormat>();
function dateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = DATE_FORMATS.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTag(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    DATE_FORMATS.set(locale, format);
  }
  return format;
}

function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The digest e-mail (docs/behaviour/workflows.md#digests): the open tasks
 * grouped by colour (red, yellow, green, blue), then the changes to
 * followed records, in the user's language, as text and as HTML (every
 * value escaped).
 */
export function digestMail(content: DigestContent): { subject: string; text: string; html: string } {
  const t = DIGEST_TEXTS[content.locale];
  const dates = dateFormat(content.locale);
  const taskLine = (task: DigestMailTask) => `${task.name} (${task.appName}${task.endDate ? `, ${fill(t.due, { date: dates.format(task.endDate) })}` : ''})`;
  const changeLine = (change: DigestMailChange) => `${change.name} · ${change.title} (${change.appName}): ${fill(change.changes === 1 ? t.oneChange : t.change, { changes: change.changes, user: change.lastBy })}`;
  const groups = RYG_STATUSES.map((colour) => ({ colour, tasks: content.tasks.filter((task) => task.colour === colour) })).filter((g) => g.tasks.length > 0);
  const more = content.taskTotal - content.tasks.length;
  const text: string[] = [fill(t.greeting, { name: content.name }), ''];
  const html: string[] = [`<p>${escapeHtml(fill(t.greeting, { name: content.name }))}</p>`];
  if (groups.length > 0) {
    text.push(t.tasks);
    html.push(`<h2>${escapeHtml(t.tasks)}</h2>`);
    for (const { colour, tasks } of groups) {
      const label = t[COLOUR_KEYS[colour]];
      text.push('', `${label}:`, ...tasks.map((task) => `- ${taskLine(task)}`));
      html.push(`<h3 style="color:${COLOUR_HEX[colour]}">${escapeHtml(label)}</h3><ul>${tasks.map((task) => `<li>${escapeHtml(taskLine(task))}</li>`).join('')}</ul>`);
    }
    if (more > 0) {
      text.push('', fill(t.more, { count: more }));
      html.push(`<p>${escapeHtml(fill(t.more, { count: more }))}</p>`);
    }
    text.push('');
  }
  if (content.changes.length > 0) {
    text.push(t.followed, ...content.changes.map((change) => `- ${changeLine(change)}`), '');
    html.push(`<h2>${escapeHtml(t.followed)}</h2><ul>${content.changes.map((change) => `<li>${escapeHtml(changeLine(change))}</li>`).join('')}</ul>`);
  }
  text.push(content.link, '', t.footer);
  html.push(`<p><a href="${escapeHtml(content.link)}">${escapeHtml(content.link)}</a></p><p style="color:#666">${escapeHtml(t.footer)}</p>`);
  return { subject: fill(t.subject, { count: content.taskTotal + content.changes.length }), text: text.join('\n'), html: html.join('\n') };
}
