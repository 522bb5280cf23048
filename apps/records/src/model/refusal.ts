import { failureOf } from './RecordsApi.js';

/**
 * Why a call failed, as the views say it: the refusal's code (`records.conflict`),
 * its English message and the parameters of its text, and the answer's
 * HTTP status (none when the server could not be reached).
 */
export interface Refusal {
  code: string | null;
  message: string;
  params: Record<string, string>;
  /** The HTTP status of the answer; null when none came (the server could not be reached). */
  status: number | null;
}

/** The refusal an error carries, read as the records calls read every failure (failureOf). */
export function refusalOf(error: unknown): Refusal {
  const failure = failureOf(error);
  return { code: failure.code, message: failure.message, params: { ...failure.params }, status: failure.status };
}

/** The translation key of a records refusal (`records.conflict` → `records.error.conflict`); null for any other failure. */
export function refusalKey(refusal: Refusal): string | null {
  return refusal.code?.startsWith('records.') ? `records.error.${refusal.code.slice('records.'.length)}` : null;
}
