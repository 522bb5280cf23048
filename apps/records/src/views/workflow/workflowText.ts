import type { TFunction } from '@atrium/app-kit';
import { labelOf, RecordMessages, type Workflow } from '@atrium/shared/apps';
import type { RecordsFailure } from '../../model/RecordsApi.js';
import { BLOCKED_TRANSITION, NO_TRANSITION, stateOf } from '../../model/workflow.js';
import { failureText } from '../texts.js';

/** A refusal of a step, a follow or a reassign in the user's language: the records calls' refusals as everywhere, another one in the server's words. */
export function workflowFailureText(t: TFunction, failure: RecordsFailure): string {
  if (failure.code === NO_TRANSITION || failure.code === BLOCKED_TRANSITION) return t(failure.code, { ...failure.params });
  const key = failure.code.startsWith('records.') ? failure.code.slice('records.'.length) : '';
  if (key !== '' && !Object.hasOwn(RecordMessages, key) && failure.message !== '') return failure.message;
  return failureText(t, failure);
}

/** A state's label in the user's language (its key when the declaration no longer has it). */
export function stateLabel(workflow: Workflow, key: string, language: string): string {
  const { label } = stateOf(workflow, key);
  return label ? labelOf(label, language) : key;
}
