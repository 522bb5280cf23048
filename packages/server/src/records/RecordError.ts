import { RecordMessages, type RecordErrorCode } from '@atrium/shared/apps';
import { DomainError } from '../DomainError.js';
import { fillRecordText } from './recordText.js';

/**
 * A refused record call: answered with RecordMessages' English text, its
 * placeholders filled, and the code 'records.<key>' with the params
 * (statuses: http/domainErrors.ts). `fields` carries each field's problem
 * of a refused write (`records.invalid`).
 */
export class RecordError extends DomainError {
  constructor(
    readonly recordCode: RecordErrorCode,
    params?: Record<string, string>,
    readonly fields?: Record<string, { code: string; params?: Record<string, string> }>,
  ) {
    super(params ? fillRecordText(RecordMessages[recordCode], params) : RecordMessages[recordCode], `records.${recordCode}`, params);
    this.name = 'RecordError';
  }
}
