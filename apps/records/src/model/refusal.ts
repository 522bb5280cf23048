/**
 * Why a call failed, as the views say it: the refusal's code (`records.conflict`),
 * its English message and the parameters of its text. A failure that is no
 * refusal of the server (the network) has no code.
 */
export interface Refusal {
  code: string | null;
  message: string;
  params: Record<string, string>;
  /** The HTTP status of the answer; null when none came (the server could not be reached). */
  status: number | null;
}

/** The refusal an error carries (the sdk's request rejects with `code`, `message` and `params`). */
export function refusalOf(error: unknown): Refusal {
  const message = error instanceof Error ? error.message : String(error);
  const failure = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; params?: unknown; status?: unknown };
  const params: Record<string, string> = {};
  if (typeof failure.params === 'object' && failure.params !== null) {
    for (const [key, value] of Object.entries(failure.params)) if (value !== undefined && value !== null) params[key] = String(value);
  }
  return { code: typeof failure.code === 'string' ? failure.code : null, message, params, status: typeof failure.status === 'number' ? failure.status : null };
}

/** The translation key of a records refusal (`records.conflict` → `records.error.conflict`); null for any other failure. */
export function refusalKey(refusal: Refusal): string | null {
  return refusal.code?.startsWith('records.') ? `records.error.${refusal.code.slice('records.'.length)}` : null;
}
