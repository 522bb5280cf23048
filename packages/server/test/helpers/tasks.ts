/** Calls of the work-item API for one signed-in user, in-process. */
import type { NotificationResponse, TaskComment, TaskItem } from '@atrium/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './http.js';
import type { TestApp } from './testApp.js';

export class TaskApi {
  constructor(
    private readonly t: TestApp,
    readonly jwt: string,
  ) {}

  private url(path: string): string {
    return `${this.t.config.apiPrefix}/${path}`;
  }

  request(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, query?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method, url: this.url(path), headers: bearer(this.jwt), ...(payload === undefined ? {} : { payload: payload as object }), ...(query ? { query } : {}) });
  }

  /** GET /user/getusernotifications with the query, or the POST form when `body` is given. */
  async notifications(query: Record<string, string | number> = {}, body?: unknown): Promise<NotificationResponse> {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await this.request(body === undefined ? 'GET' : 'POST', 'user/getusernotifications', body, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: NotificationResponse }>().data;
  }

  /** The tasks of a view in order, flattened from the groups. */
  async names(query: Record<string, string | number> = {}, body?: unknown): Promise<string[]> {
    return (await this.notifications(query, body)).data.flatMap((g) => g.data.map((t) => t.task_name));
  }

  async create(body: Record<string, unknown>): Promise<TaskItem> {
    const res = await this.request('POST', 'tasks', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: TaskItem }>().data;
  }

  async get(id: string): Promise<TaskItem> {
    const res = await this.request('GET', `tasks/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TaskItem }>().data;
  }

  /** A task call that answers a TaskItem (`action` after the id, or PUT with `body` when action is ''). */
  async act(id: string, action: string, body?: unknown): Promise<TaskItem> {
    const res = action === '' ? await this.request('PUT', `tasks/${id}`, body) : await this.request('POST', `tasks/${id}/${action}`, body ?? {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TaskItem }>().data;
  }

  async comments(id: string): Promise<TaskComment[]> {
    const res = await this.request('GET', `tasks/${id}/comments`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TaskComment[] }>().data;
  }

  async comment(id: string, text: string): Promise<TaskComment> {
    const res = await this.request('POST', `tasks/${id}/comments`, { text });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: TaskComment }>().data;
  }
}

/** Asserts a refusal: its status, its English text and its code. */
export function expectRefusal(res: LightMyRequestResponse, status: number, code: string, message?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ status: string; code: string; message: string }>();
  expect(body.status).toBe('error');
  expect(body.code).toBe(code);
  if (message !== undefined) expect(body.message).toBe(message);
}

/** An ISO time `hours` from the clock's now. */
export function hoursFrom(now: Date, hours: number): string {
  return new Date(now.getTime() + hours * 3600_000).toISOString();
}
