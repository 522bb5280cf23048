/**
 * What may be searched for (docs/behaviour/search.md#validation). The panel
 * checks it before anything is sent, and the server checks it again.
 *
 * - 'empty': nothing but white space ('Please enter something to search!');
 * - 'special': only special characters, with no letter or digit in any
 *   script ('The use of special characters is not allowed!').
 */
export type SearchTextProblem = 'empty' | 'special';

/** Longest search text, in characters. */
export const SEARCH_TEXT_MAX_LENGTH = 100;

export const SEARCH_TEXT_MESSAGES: Readonly<Record<SearchTextProblem, string>> = {
  empty: 'Please enter something to search!',
  special: 'The use of special characters is not allowed!',
};

export function searchTextProblem(text: string): SearchTextProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return 'special';
  return null;
}

/** Most entries the search history keeps (newest first). */
export const SEARCH_HISTORY_MAX_ENTRIES = 10;

/**
 * The search history after searching `text`: `text` first, earlier entries
 * after it without repeats (compared case-insensitively), at most
 * SEARCH_HISTORY_MAX_ENTRIES. Entries are stored comma-separated, so commas
 * in a text become spaces; white space is collapsed. `history` is the stored
 * comma-separated string. One rule for the client's Recent list and the
 * server's POST /user/updateusersearchitems.
 */
export function addToSearchHistory(history: string, text: string): string {
  return normaliseSearchHistory([text, ...history.split(',')]);
}

/** A comma-separated history cleaned up: trimmed, without empties and repeats, bounded in count and length. */
export function normaliseSearchHistory(entries: readonly string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of entries) {
    const entry = raw.replace(/,/g, ' ').replace(/\s+/g, ' ').trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
    const key = entry.toLowerCase();
    if (entry === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(entry);
    if (kept.length === SEARCH_HISTORY_MAX_ENTRIES) break;
  }
  return kept.join(',');
}

/** The entries of a stored history, newest first. */
export function searchHistoryEntries(history: string): string[] {
  return history.split(',').map((e) => e.trim()).filter((e) => e !== '');
}
