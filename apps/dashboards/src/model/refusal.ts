import { en_EN } from '../texts/en_EN.js';

/**
 * The server's refusals in the user's language
 * (docs/behaviour/dashboards.md#errors-in-the-dashboards-application): a
 * `dashboards.<key>` or `datasets.<key>` code the application knows is
 * said from its texts with the refusal's params; any other failure keeps
 * the server's own text.
 */
/** What a failed call answered: its code, the values of its text's placeholders, and the server's English text. */
export interface Refusal {
  code: string;
  params?: Readonly<Record<string, unknown>>;
  message: string;
}

const KNOWN: Readonly<Record<string, readonly string[]>> = {
  dashboards: ['notFound', 'noOrganisation', 'forbidden', 'conflict', 'invalid', 'notYourHome', 'notifyNotMember', 'notifyUnknownRole', 'notifyCannotSee'],
  datasets: ['unknownApp', 'unknownDataset', 'unknownDimension', 'unknownMeasure', 'unavailable', 'forbidden', 'hiddenField', 'badFilter', 'badSort', 'badRange', 'timeout'],
};

/** The key of a refusal's text in the application's texts, or null for a code it does not know. */
export function refusalKey(code: string): string | null {
  const dot = code.indexOf('.');
  if (dot < 0) return null;
  const area = code.slice(0, dot);
  const key = code.slice(dot + 1);
  return KNOWN[area]?.includes(key) ? `dashboards.refusal.${area}.${key}` : null;
}

/** The placeholders of a refusal's text (as English writes it). */
function placeholdersOf(code: string): string[] {
  const [area, key] = code.split('.') as ['dashboards' | 'datasets', string];
  const text = (en_EN.dashboards.refusal[area] as Record<string, string>)[key] ?? '';
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}

/**
 * A refusal in the user's language, its params filled in; the server's
 * text as it is for a code not known here, or when the params lack a
 * value the text needs (the server's text names it then).
 */
export function refusalText(refusal: Refusal, t: (key: string, vars?: Record<string, unknown>) => string): string {
  const key = refusalKey(refusal.code);
  const params = refusal.params ?? {};
  if (key === null || placeholdersOf(refusal.code).some((name) => params[name] === undefined || params[name] === null)) return refusal.message;
  return t(key, { ...params });
}
