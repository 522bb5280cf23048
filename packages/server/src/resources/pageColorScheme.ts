/**
 * Organisation pages in the desktop's colour scheme
 * (docs/behaviour/applications.md#organisation-pages-in-the-dark). A page
 * the server serves runs no script (its policy forbids it) and cannot see
 * the desktop's theme from its sandboxed frame, whose colour-scheme
 * preference is the browser's, not the desktop's. The Viewer therefore asks
 * for it with `?color-scheme=light|dark`, and the server answers the page
 * with `data-color-scheme` on its root element, which the page's style
 * sheet reads (`:root[data-color-scheme='dark']`).
 */

/** The colour schemes a page may be asked for. */
export type PageColorScheme = 'light' | 'dark';

/** The scheme a request's `color-scheme` asks for, or null for none (or anything else). */
export function askedColorScheme(query: unknown): PageColorScheme | null {
  const value = query && typeof query === 'object' ? (query as Record<string, unknown>)['color-scheme'] : undefined;
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * The page with `data-color-scheme="{scheme}"` on its root element: added
 * to its first `<html>` tag (where the browser takes the first of two same
 * attributes: the page cannot keep another), else as an `<html>` tag after
 * its doctype, or at its start without one (the browser gives the root
 * element the attributes of an `<html>` tag wherever it comes).
 */
export function withColorScheme(page: string, scheme: PageColorScheme): string {
  const attribute = `data-color-scheme="${scheme}"`;
  const tag = /<html(?=[\s>/])/i.exec(page);
  if (tag) return `${page.slice(0, tag.index + 5)} ${attribute}${page.slice(tag.index + 5)}`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(page);
  const at = doctype ? doctype[0].length : 0;
  return `${page.slice(0, at)}<html ${attribute}>${page.slice(at)}`;
}
