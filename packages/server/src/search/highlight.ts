import { HIGHLIGHT_END, HIGHLIGHT_START } from '@atrium/shared';

/** A word as search sees it (db/fullText.ts searchWords): a run of letters, digits and marks. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A short text (a name, a title, an address) with every word that begins
 * with one of the query's words marked between HIGHLIGHT_START and
 * HIGHLIGHT_END, the way the database matched it (docs/behaviour/search.md#highlighting).
 * The marks never occur in stored text: a client splits on them and shows
 * the parts as text.
 */
export function highlightWords(text: string, words: readonly string[]): string {
  const clean = text.replace(/[\uE000\uE001]/g, '');
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
