/**
 * Full-text search helpers shared by every kind of search (task comments,
 * files, applications, people): what a user typed becomes a prefix query in
 * the language-agnostic 'simple' configuration (users write in seven
 * languages, so no stemming or stop words), and matches are marked in
 * snippets with the shared highlight characters (docs/API.md, "Search").
 *
 * The user's text never becomes SQL: its words are bound as one parameter
 * of to_tsquery, each quoted as a lexeme so that no operator of the query
 * syntax in it has any effect.
 */
import { sql, type SQL } from 'drizzle-orm';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@atrium/shared';

/** Words of a query that take part in it; the rest are ignored. */
export const FULL_TEXT_MAX_WORDS = 16;
/** Longest word kept (PostgreSQL refuses lexemes over 2047 bytes). */
const MAX_WORD_LENGTH = 100;

/**
 * The words of a user's text: runs of letters, digits and combining marks
 * (so 'supplier-contract' is two words and 'Lieferverträge' one), in NFC.
 */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, FULL_TEXT_MAX_WORDS);
}

/**
 * The text of a prefix tsquery matching documents that contain every word
 * of `text`, each as the start of a word ("budg" finds "budget"): each word
 * quoted as a lexeme ('word':*), joined with &. Empty when there is no word.
 */
export function prefixQueryText(words: readonly string[]): string {
  return words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
}

/**
 * A tsquery of one lexeme exactly as given (a bound parameter), such as the
 * words of rights that documents carry ('#home:<user id>'): no parser, no
 * normalisation, quotes and backslashes escaped.
 */
export function lexemeTsQuery(lexeme: string): SQL {
  return sql`${`'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`}::tsquery`;
}

/**
 * ts_headline's options for long documents (the text of files): a few short
 * fragments around the matches (markup-like tags in them are dropped).
 */
export const FRAGMENT_HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=30, MinWords=12, ShortWord=1, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The text of `document` with the matches of `query` between HIGHLIGHT_START
 * and HIGHLIGHT_END (render it with highlightParts, as text).
 */
export function headline(document: SQL, query: SQL, options: string = FRAGMENT_HEADLINE_OPTIONS): SQL<string> {
  return sql<string>`ts_headline('simple'::regconfig, ${document}, ${query}, ${options})`;
}

/** A word as search sees it (searchWords): a run of letters, digits and marks. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A short text (a name, a title, an address, a comment) with every word
 * that begins with one of the query's words (searchWords) marked between
 * HIGHLIGHT_START and HIGHLIGHT_END, the way the database matched it
 * (docs/behaviour/search.md#highlighting). Highlight characters of the text
 * itself become spaces: a client splits on them and shows the parts as text.
 * Far cheaper than ts_headline, which parses each text again in the database.
 */
export function highlightWords(text: string, words: readonly string[]): string {
  const clean = text.replace(/[\uE000\uE001]/g, ' ');
  return clean.replace(WORD, (word) => {
    const lower = word.normalize('NFC').toLowerCase();
    return words.some((w) => lower.startsWith(w)) ? `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}` : word;
  });
}

/** Whether a short text has a word that `highlightWords` would mark. */
export function hasMatch(text: string, words: readonly string[]): boolean {
  for (const [word] of text.matchAll(WORD)) {
    const lower = word.normalize('NFC').toLowerCase();
    if (words.some((w) => lower.startsWith(w))) return true;
  }
  return false;
}

/** Characters of a snippet around its first match. */
export const SNIPPET_LENGTH = 200;

/**
 * A marked text cut to about `length` characters around its first match,
 * at spaces where it can, with '…' where it was cut; the marks stay paired.
 */
export function trimSnippet(marked: string, length: number = SNIPPET_LENGTH): string {
  const visible = marked.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');
  if (visible.length <= length) return marked;
  const first = Math.max(0, marked.indexOf(HIGHLIGHT_START));
  let start = Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = marked.slice(start, first).search(/\s/u);
    start = space === -1 ? first : start + space + 1;
  }
  let end = Math.min(marked.length, start + length);
  if (end < marked.length) {
    // Never cut inside a marked word: stop before its start.
    const open = marked.lastIndexOf(HIGHLIGHT_START, end - 1);
    if (open > marked.lastIndexOf(HIGHLIGHT_END, end - 1) && open > first) end = open;
    else if (open > marked.lastIndexOf(HIGHLIGHT_END, end - 1)) end = marked.indexOf(HIGHLIGHT_END, open) + 1 || marked.length;
    const space = marked.slice(0, end).search(/\s\S*$/u);
    if (space > first) end = space;
  }
  return `${start > 0 ? '…' : ''}${marked.slice(start, end).trim()}${end < marked.length ? '…' : ''}`;
}
