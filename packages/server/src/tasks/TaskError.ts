import { TaskMessages, type TaskMessageKey } from '@atrium/shared';
import { HttpError } from '../http/reply.js';

/** The HTTP status of each refusal of the task calls (docs/behaviour/work.md#errors). */
const STATUS: Readonly<Record<TaskMessageKey, number>> = {
  taskNotFound: 404,
  snoozeNotAllowed: 409,
  snoozeDate: 400,
  notSnoozed: 409,
  alreadySnoozed: 409,
  extendDate: 400,
  taskNotEditable: 403,
  snoozeNotAssignee: 403,
  assigneeNotMember: 400,
  appNotAvailable: 403,
};

/** A refused task call: answered with TaskMessages' English text and the code 'tasks.<key>'. */
export class TaskError extends HttpError {
  constructor(readonly taskCode: TaskMessageKey) {
    super(STATUS[taskCode], TaskMessages[taskCode], `tasks.${taskCode}`);
    this.name = 'TaskError';
  }
}
