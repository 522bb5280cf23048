import { TaskMessages, type TaskMessageKey } from '@atrium/shared';
import { DomainError } from '../DomainError.js';

/** A refused task call: answered with TaskMessages' English text and the code 'tasks.<key>' (statuses: http/domainErrors.ts). */
export class TaskError extends DomainError {
  constructor(readonly taskCode: TaskMessageKey) {
    super(TaskMessages[taskCode], `tasks.${taskCode}`);
    this.name = 'TaskError';
  }
}
