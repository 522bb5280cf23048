import type { TaskChangedParams } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { FakeTaskServer } from '../testing/taskServer.js';
import { startSignedIn } from '../testing/fixtures.js';
import { CommentsModel } from './CommentsModel.js';
import { SnoozeModel } from './SnoozeModel.js';
import { TaskClient } from './TaskClient.js';

const HOUR = 3_600_000;
const OLIVIA = { id: 'olivia-id', name: 'Olivia Brown' };

async function setup() {
  const { env, session } = await startSignedIn();
  const server = new FakeTaskServer(env);
  return { env, server, client: new TaskClient(session.api), now: () => env.clock.now() };
}

describe('the snooze dialog', () => {
  it('snoozes a GREEN task until a date after now and no later than its end date, proposing one a day on', async () => {
    const { env, server, client, now } = await setup();
    const task = server.add({ name: 'Later', dueInHours: 100 });
    const model = new SnoozeModel({ client, clock: env.clock, taskId: task.uuid });
    await model.load();
    expect(model.getState()).toMatchObject({ status: 'ready', mode: 'snooze', allowed: true, until: now() + 24 * HOUR, min: now(), max: Date.parse(task.end_date!) });
    model.setUntil(now() + 101 * HOUR);
    expect(model.canSave()).toBe(false);
    model.setUntil(now() - HOUR);
    expect(model.canSave()).toBe(false);
    model.setUntil(now() + 2 * HOUR);
    expect(await model.save()).toBe(true);
    expect(model.getState().status).toBe('done');
    expect(task.snoozed_till).toBe(new Date(now() + 2 * HOUR).toISOString());
  });

  it('refuses to snooze a task that is not GREEN, before and on the server', async () => {
    const { env, server, client, now } = await setup();
    const task = server.add({ name: 'Soon', dueInHours: 10 });
    const model = new SnoozeModel({ client, clock: env.clock, taskId: task.uuid });
    await model.load();
    expect(model.getState().allowed).toBe(false);
    model.setUntil(now() + HOUR);
    expect(model.canSave()).toBe(false);
    expect(await model.save()).toBe(false);
    expect(task.snoozed_till).toBeNull();
  });

  it('shows what the server refuses with its text and code', async () => {
    const { env, server, client, now } = await setup();
    const task = server.add({ name: 'Later', dueInHours: 100 });
    const model = new SnoozeModel({ client, clock: env.clock, taskId: task.uuid, mode: 'snooze' });
    await model.load();
    // Snoozed meanwhile in another tab.
    task.snoozed_till = new Date(now() + HOUR).toISOString();
    model.setUntil(now() + 3 * HOUR);
    expect(await model.save()).toBe(false);
    expect(model.getState()).toMatchObject({ status: 'ready', problem: { code: 'tasks.alreadySnoozed', message: 'This task is already snoozed; extend the snooze instead' } });
  });

  it('offers a snoozed task an extension past its current snooze, or the end of its snooze', async () => {
    const { env, server, client, now } = await setup();
    const task = server.add({ name: 'Sleeping', dueInHours: 100, snoozedForHours: 5 });
    const model = new SnoozeModel({ client, clock: env.clock, taskId: task.uuid });
    await model.load();
    expect(model.getState()).toMatchObject({ mode: 'extend', min: now() + 5 * HOUR, until: now() + 6 * HOUR });
    model.setUntil(now() + 4 * HOUR);
    expect(model.canSave()).toBe(false);
    model.setUntil(now() + 8 * HOUR);
    expect(await model.save()).toBe(true);
    expect(task.snoozed_till).toBe(new Date(now() + 8 * HOUR).toISOString());

    const again = new SnoozeModel({ client, clock: env.clock, taskId: task.uuid });
    await again.load();
    again.setMode('unsnooze');
    expect(again.canSave()).toBe(true);
    expect(await again.save()).toBe(true);
    expect(task.snoozed_till).toBeNull();
  });

  it('fails with the text of a task the user may not see', async () => {
    const { env, client } = await setup();
    const model = new SnoozeModel({ client, clock: env.clock, taskId: '00000000-0000-4000-8000-000000000999' });
    await model.load();
    expect(model.getState()).toMatchObject({ status: 'failed', problem: { code: 'tasks.taskNotFound', message: 'Task not found' } });
  });
});

describe('the comments dialog', () => {
  function watch() {
    const listeners = new Set<(change: TaskChangedParams) => void>();
    const resyncs = new Set<() => void>();
    return {
      onTaskChange: (listener: (change: TaskChangedParams) => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      onResync: (listener: () => void) => {
        resyncs.add(listener);
        return () => void resyncs.delete(listener);
      },
      emit: (change: TaskChangedParams) => listeners.forEach((l) => l(change)),
      resync: () => resyncs.forEach((l) => l()),
      count: () => listeners.size + resyncs.size,
    };
  }

  it('lists the comments oldest first and adds one, trimmed, as text', async () => {
    const { server, client } = await setup();
    const task = server.add({ name: 'Audit', comments: [{ id: 'c0', taskId: 'x', author: OLIVIA, text: 'First', created_at: '2026-01-01T10:00:00.000Z' }] });
    const model = new CommentsModel({ client, taskId: task.uuid, ...watch() });
    await model.load();
    expect(model.getState().comments.map((c) => c.text)).toEqual(['First']);
    model.setText('   ');
    expect(model.canSend()).toBe(false);
    model.setText('  <script>alert(1)</script> ');
    expect(await model.send()).toBe(true);
    expect(model.getState()).toMatchObject({ text: '', sending: false });
    expect(model.getState().comments.map((c) => c.text)).toEqual(['First', '<script>alert(1)</script>']);
  });

  it('keeps a comment within 2000 characters and counts what is left', async () => {
    const { server, client } = await setup();
    const model = new CommentsModel({ client, taskId: server.add({ name: 'Audit' }).uuid, ...watch() });
    await model.load();
    model.setText('x'.repeat(2100));
    expect(model.getState().text).toHaveLength(2000);
    expect(model.remaining()).toBe(0);
    model.setText('abc');
    expect(model.remaining()).toBe(1997);
  });

  it("shows another user's comment while open, and stops listening when closed", async () => {
    const { env, server, client } = await setup();
    const task = server.add({ name: 'Audit' });
    const changes = watch();
    const model = new CommentsModel({ client, taskId: task.uuid, ...changes });
    await model.load();
    task.comments.push({ id: 'c9', taskId: task.uuid, author: OLIVIA, text: 'From Olivia', created_at: new Date(env.clock.now()).toISOString() });
    changes.emit({ reason: 'commented', taskId: task.uuid, task_name: 'Audit', appName: 'Helpdesk', by: OLIVIA });
    await env.clock.settle();
    expect(model.getState().comments.map((c) => c.text)).toEqual(['From Olivia']);
    model.dispose();
    expect(changes.count()).toBe(0);
  });

  it('reads the comments again when changes may have been missed (the connection came back)', async () => {
    const { env, server, client } = await setup();
    const task = server.add({ name: 'Audit' });
    const changes = watch();
    const model = new CommentsModel({ client, taskId: task.uuid, ...changes });
    await model.load();
    // Added while the desktop's connection was down: no 'commented' came.
    task.comments.push({ id: 'c9', taskId: task.uuid, author: OLIVIA, text: 'While you were away', created_at: new Date(env.clock.now()).toISOString() });
    await env.clock.settle();
    expect(model.getState().comments).toEqual([]);
    changes.resync();
    await env.clock.settle();
    expect(model.getState().comments.map((c) => c.text)).toEqual(['While you were away']);
  });
});
