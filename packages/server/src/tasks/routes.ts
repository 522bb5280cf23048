/**
 * The work-item calls (docs/API.md, "Work items") under the API prefix:
 * the notification centre's views and the task calls of applications.
 */
import { CommentBody, CreateTaskBody, NotificationFilterBody, NotificationQuery, SnoozeBody, TaskIdParams, UpdateTaskBody } from '@atrium/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { taskCallerOf } from '../access/views.js';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { ok, parse } from '../http/reply.js';
import type { TaskCaller, TaskService } from './TaskService.js';

/** The signed-in user and the organisation they act in (the active one, while they still belong to it). */
const taskCaller = (request: FastifyRequest): TaskCaller => taskCallerOf(callerOf(request));

export function taskRoutes({ tasks, authenticate }: { tasks: TaskService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    app.get('/user/getusernotifications', async (request) => ok(await tasks.notifications(taskCaller(request), parse(NotificationQuery, request.query))));

    // The same with the colour filter in the body; an empty or null ryg_status is no filter.
    app.post('/user/getusernotifications', async (request) => {
      const query = parse(NotificationQuery, request.query);
      const { ryg_status } = parse(NotificationFilterBody, request.body);
      const filtered = ryg_status === undefined ? query : { ...query, ryg_status: ryg_status || undefined };
      return ok(await tasks.notifications(taskCaller(request), filtered));
    });

    app.post('/tasks', async (request, reply) => {
      const body = parse(CreateTaskBody, request.body);
      return reply.code(201).send(ok(await tasks.create(taskCaller(request), body)));
    });

    app.get('/tasks/:id', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      return ok(await tasks.get(taskCaller(request), id));
    });

    app.put('/tasks/:id', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      const body = parse(UpdateTaskBody, request.body);
      return ok(await tasks.update(taskCaller(request), id, body));
    });

    app.post('/tasks/:id/complete', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      return ok(await tasks.complete(taskCaller(request), id));
    });

    app.post('/tasks/:id/snooze', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      const { snoozed_till } = parse(SnoozeBody, request.body);
      return ok(await tasks.snooze(taskCaller(request), id, snoozed_till));
    });

    app.post('/tasks/:id/extend', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      const { snoozed_till } = parse(SnoozeBody, request.body);
      return ok(await tasks.extend(taskCaller(request), id, snoozed_till));
    });

    app.post('/tasks/:id/unsnooze', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      return ok(await tasks.unsnooze(taskCaller(request), id));
    });

    app.get('/tasks/:id/comments', async (request) => {
      const { id } = parse(TaskIdParams, request.params);
      return ok(await tasks.comments(taskCaller(request), id));
    });

    app.post('/tasks/:id/comments', async (request, reply) => {
      const { id } = parse(TaskIdParams, request.params);
      const { text } = parse(CommentBody, request.body);
      return reply.code(201).send(ok(await tasks.addComment(taskCaller(request), id, text)));
    });
  };
}
