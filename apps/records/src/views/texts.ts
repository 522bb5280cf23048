import type { TFunction } from '@atrium/app-kit';
import { RecordMessages, VALUE_PROBLEMS, type ValueProblem } from '@atrium/shared/apps';
import type { RecordsFailure } from '../model/RecordsApi.js';

/** Why a file is not CSV that a list can import (the server's `problem` of a `records.badCsv` refusal). */
const CSV_PROBLEMS: readonly string[] = ['noHeader', 'unclosedQuote', 'strayQuote', 'tooManyCells', 'unknownColumn', 'duplicateColumn', 'noRows'];

/** A field's problem in the user's language (its code, with its params). */
export function problemText(t: TFunction, problem: ValueProblem): string {
  const code = (VALUE_PROBLEMS as readonly string[]).includes(problem.code) ? problem.code : 'type';
  return t(`records.problem.${code}`, { ...problem.params });
}

/** Why a call failed, in the user's language: a refusal of the records calls by its code, the connection, or anything else. */
export function failureText(t: TFunction, failure: RecordsFailure): string {
  if (failure.code === 'request.network' || failure.code === 'request.timeout') return t('records.error.unreachable');
  const key = failure.code.startsWith('records.') ? failure.code.slice('records.'.length) : '';
  // A file that is not CSV says why in the user's language: the reason's key comes with the refusal.
  if (key === 'badCsv' && CSV_PROBLEMS.includes(failure.params.problem ?? '')) return t('records.error.badCsv', { ...failure.params, reason: t(`records.csv.${failure.params.problem}`, { ...failure.params }) });
  if (Object.hasOwn(RecordMessages, key)) return t(`records.error.${key}`, { ...failure.params });
  return t('records.error.other');
}

/** The technical details of a failure (behind the failure state's disclosure). */
export function failureDetails(failure: RecordsFailure): string {
  return `${failure.code}${failure.status === null ? '' : ` (${failure.status})`}: ${failure.message}`;
}

/**
 * Why a file was not attached: the file system's refusal (space, upload
 * limit, name) in the desktop's words, the field's problem (full, hidden),
 * else as any call's failure.
 */
export function uploadFailureText(t: TFunction, failure: RecordsFailure): string {
  if (failure.code.startsWith('vfs.')) {
    const key = `vfs.error.${failure.code.slice('vfs.'.length)}`;
    const text = t(key, { ...failure.params });
    if (text !== key) return text;
  }
  const problem = Object.values(failure.fields)[0];
  if (failure.code === 'records.invalid' && problem) return problemText(t, problem);
  return failureText(t, failure);
}
