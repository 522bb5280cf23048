import type { TFunction } from '@atrium/app-kit';
import type { Problem } from '../model/problems.js';

/** A problem in the user's language: values that are keys (a name rule) are translated first; the English text when the key is missing. */
export function problemText(t: TFunction, problem: Problem): string {
  const values: Record<string, unknown> = { ...problem.params };
  for (const [name, key] of Object.entries(problem.paramKeys ?? {})) values[name] = t(key, { defaultValue: problem.params[name] });
  return t(problem.key, { ...values, defaultValue: problem.message });
}
