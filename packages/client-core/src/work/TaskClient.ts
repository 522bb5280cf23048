import type { TaskListQuery } from '@atrium/sdk';
import type { CreateTaskBody, Envelope, NotificationResponse, TaskComment, TaskItem, UpdateTaskBody } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';
import { RequestError } from '../api/RequestError.js';

/**
 * A refused task call: `message` is the server's own text, `code` its code
 * (`tasks.<key>` of TaskMessages, or the usual codes), `status` the HTTP
 * status (docs/behaviour/work.md#errors).
 */
export class TaskError extends Error {
  readonly code: string | null;
  readonly status: number | null;

  constructor(message: string, code: string | null = null, status: number | null = null) {
    super(message);
    this.name = 'TaskError';
    this.code = code;
    this.status = status;
  }
}

const NOTIFICATIONS = 'user/getusernotifications';
const task = (id: string, action = '') => `tasks/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/**
 * The work-item calls of docs/API.md ("Work items") over the session's API
 * client: answers unwrapped from their envelopes; a refusal rejects with a
 * TaskError carrying the server's text and code (network failures keep
 * their RequestError).
 */
export class TaskClient {
  readonly #api: RequestClient;

  constructor(api: RequestClient) {
    this.#api = api;
  }

  /**
   * A page of a view: GET with the query, or the POST form with the colour
   * filter in the body when one is set (the server reads both the same way).
   */
  list(query: TaskListQuery = {}, signal?: AbortSignal): Promise<NotificationResponse> {
    const params: Record<string, unknown> = { type: query.type ?? 'assignments', take: query.take ?? 5, skip: query.skip ?? 0 };
    if (query.sort) params.sort = query.sort;
    if (query.order) params.order = query.order;
    const options = signal ? { signal } : undefined;
    if (!query.ryg_status) return this.#data(() => this.#api.get(NOTIFICATIONS, params, options));
    const path = `${NOTIFICATIONS}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
    return this.#data(() => this.#api.post(path, { ryg_status: query.ryg_status }, options));
  }

  get(id: string): Promise<TaskItem> {
    return this.#data(() => this.#api.get(task(id)));
  }

  create(body: CreateTaskBody): Promise<TaskItem> {
    return this.#data(() => this.#api.post('tasks', body));
  }

  update(id: string, changes: UpdateTaskBody): Promise<TaskItem> {
    return this.#data(() => this.#api.put(task(id), changes));
  }

  complete(id: string): Promise<TaskItem> {
    return this.#data(() => this.#api.post(task(id, 'complete')));
  }

  snooze(id: string, until: Date): Promise<TaskItem> {
    return this.#data(() => this.#api.post(task(id, 'snooze'), { snoozed_till: until.toISOString() }));
  }

  extend(id: string, until: Date): Promise<TaskItem> {
    return this.#data(() => this.#api.post(task(id, 'extend'), { snoozed_till: until.toISOString() }));
  }

  unsnooze(id: string): Promise<TaskItem> {
    return this.#data(() => this.#api.post(task(id, 'unsnooze')));
  }

  comments(id: string): Promise<TaskComment[]> {
    return this.#data(() => this.#api.get(task(id, 'comments')));
  }

  addComment(id: string, text: string): Promise<TaskComment> {
    return this.#data(() => this.#api.post(task(id, 'comments'), { text }));
  }

  async #data<T>(send: () => Promise<unknown>): Promise<T> {
    let answer: Envelope<T>;
    try {
      answer = (await send()) as Envelope<T>;
    } catch (error) {
      throw refusal(error) ?? error;
    }
    if (answer?.status === 'success') return answer.data;
    throw new TaskError(typeof answer?.message === 'string' && answer.message ? answer.message : 'The server sent no answer', answer?.code ?? null);
  }
}

/** The TaskError of an error envelope, or null for a failure without one (network, time-out). */
function refusal(error: unknown): TaskError | null {
  if (!(error instanceof RequestError) || error.code !== 'request.failed') return null;
  const body = error.body as { message?: unknown; code?: unknown } | null | undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : error.reason;
  return new TaskError(message, typeof body?.code === 'string' ? body.code : null, error.status);
}
