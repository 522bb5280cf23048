import { TASK_CHANGE_REASONS, type TaskChangeReason } from '@atrium/shared';
import type { TaskService } from '../tasks/TaskService.js';
import type { EventBus } from './EventBus.js';

/** The bus topic of task changes. */
export const TASK_TOPIC = 'tasks';

/** What a task change carries on the bus: ids only; each server reads the task itself. */
export interface TaskMessage {
  reason: TaskChangeReason;
  taskId: string;
  byId: string;
  previousAssignee: string | null;
}

const ID = /^[0-9a-f-]{36}$/i;

/** A task change from another server, checked: null when it is none. */
export function parseTaskMessage(payload: unknown): TaskMessage | null {
  if (!payload || typeof payload !== 'object') return null;
  const { reason, taskId, byId, previousAssignee } = payload as Record<string, unknown>;
  if (!(TASK_CHANGE_REASONS as readonly unknown[]).includes(reason)) return null;
  if (typeof taskId !== 'string' || !ID.test(taskId) || typeof byId !== 'string' || !ID.test(byId)) return null;
  if (previousAssignee !== null && (typeof previousAssignee !== 'string' || !ID.test(previousAssignee))) return null;
  return { reason: reason as TaskChangeReason, taskId, byId, previousAssignee };
}

/**
 * Task changes across servers (docs/DEPLOYMENT.md, "The event bus"): a
 * change made here goes on the bus by its ids; one made through another
 * server makes this one forget its remembered answers and send the live
 * updates to the desktops connected here. Returns the function that stops.
 */
export function shareTaskChanges(tasks: Pick<TaskService, 'onChange' | 'changedElsewhere'>, bus: EventBus, onError: (err: unknown) => void): () => void {
  const stopOut = tasks.onChange((change) => {
    if (change.origin !== 'here') return;
    bus.publish(TASK_TOPIC, { reason: change.reason, taskId: change.task.id, byId: change.by.id, previousAssignee: change.previousAssignee } satisfies TaskMessage);
  });
  const stopIn = bus.subscribe(TASK_TOPIC, (payload, origin) => {
    if (origin !== 'elsewhere') return;
    const message = parseTaskMessage(payload);
    if (message) tasks.changedElsewhere(message).catch(onError);
  });
  return () => {
    stopOut();
    stopIn();
  };
}
