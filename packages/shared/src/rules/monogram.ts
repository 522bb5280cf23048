/**
 * The icon of an organisation page (docs/behaviour/applications.md#icons-of-organisation-pages):
 * the catalogue declares no icon for it, so it gets a monogram, the first
 * letters of its title in white on a colour chosen from its name, so that
 * pages tell apart in the window list and the application menu however
 * narrow their entries are.
 */

/**
 * The monograms' colours: each carries white text above 4.5:1 (WCAG AA),
 * and they differ in hue so that neighbours tell apart.
 */
export const MONOGRAM_COLOURS: readonly string[] = ['#1d4ed8', '#0f766e', '#7e22ce', '#b45309', '#be123c', '#15803d', '#4338ca', '#a21caf', '#0369a1', '#9a3412', '#475569', '#047857'];

/** One or two letters of a title: the first letters of its first two words, else the first two of its one word ('Risk Register' → 'RR', 'Chat' → 'Ch'). */
export function monogramLetters(title: string): string {
  const words = title.trim().split(/[\s\-_/.,:;&+]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = Array.from(words[0] ?? '?');
  const second = words[1] ? Array.from(words[1]) : [];
  const letters = second.length > 0 ? [first[0], second[0]] : first.slice(0, 2);
  const [a = '?', b = ''] = letters;
  return second.length > 0 ? `${a}${b}`.toLocaleUpperCase() : `${a.toLocaleUpperCase()}${b}`;
}

/** The colour of a name's monogram: always the same for a name, spread over MONOGRAM_COLOURS (FNV-1 of its UTF-16 code units). */
export function monogramColour(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 0x01000193) ^ name.charCodeAt(i)) >>> 0;
  return MONOGRAM_COLOURS[hash % MONOGRAM_COLOURS.length]!;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The monogram of a page as an image address (an SVG data: address): its title's letters on its name's colour. */
export function monogramIcon(name: string, title: string): string {
  const letters = monogramLetters(title).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='${monogramColour(name)}'/>` +
    `<text x='16' y='16.5' dominant-baseline='central' text-anchor='middle' font-family='Lato,Roboto,Arial,sans-serif' font-size='15' font-weight='700' fill='white'>${letters}</text></svg>`;
  // Only what an address may not hold as it is: short enough to travel in every profile.
  return `data:image/svg+xml,${svg.replace(/[%#<>"\s]/g, (c) => encodeURIComponent(c))}`;
}
