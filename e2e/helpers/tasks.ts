import type { APIRequestContext } from '@playwright/test';

/**
 * The work-item calls (docs/API.md, "Work items") made beside a journey:
 * what a user's notification centre holds, and finishing the items a
 * journey's own records gave, so that the demo users keep the work they
 * started with.
 */

/** An open task as the notification centre's call answers it (the fields the journeys read). */
export interface OpenTask {
  uuid: string;
  task_name: string;
  rygStatus: 'RED' | 'YELLOW' | 'GREEN' | 'BLUE';
  kind: string | null;
  record: string | null;
  delegated_from: { id: string; name: string } | null;
}

const PAGE = 100;

/** Every open task assigned to the token's user (My Priorities, every page). */
export async function openTasks(request: APIRequestContext, token: string): Promise<OpenTask[]> {
  const tasks: OpenTask[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const response = await request.get(`/api/v1/user/getusernotifications?take=${PAGE}&skip=${skip}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok()) throw new Error(`reading the tasks failed: ${response.status()} ${await response.text()}`);
    const body = (await response.json()) as { data: { data: Array<{ data: OpenTask[] }>; total: number } };
    tasks.push(...body.data.data.flatMap((group) => group.data));
    if (skip + PAGE >= body.data.total) return tasks;
  }
}

/** Marks done every open task of the token's user about a record (its name in the task's), as its assignee may. */
export async function finishTasksOf(request: APIRequestContext, token: string, recordName: string): Promise<void> {
  for (const task of await openTasks(request, token)) {
    if (task.record !== recordName && !task.task_name.includes(recordName)) continue;
    const response = await request.post(`/api/v1/tasks/${task.uuid}/complete`, { data: {}, headers: { authorization: `Bearer ${token}` } });
    if (!response.ok()) throw new Error(`finishing “${task.task_name}” failed: ${response.status()} ${await response.text()}`);
  }
}
