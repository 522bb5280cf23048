import { catalogues, flattenCatalogue } from '@atrium/shared';

const english = flattenCatalogue(catalogues.en_EN);

/** The English catalogue with i18next-style {{name}} interpolation; an unknown key comes back as itself. */
export function translateEnglish(key: string, vars: Record<string, unknown> = {}): string {
  const text = english[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
