/** `atrium tasks ...`: create, ls, complete work items (docs/behaviour/work.md). */
import { CreateTaskBody, DEFAULT_YELLOW_WINDOW_MS, type TaskItem } from '@atrium/shared';
import * as z from 'zod/mini';
import { TaskError } from '../../tasks/TaskError.js';
import { TaskService } from '../../tasks/TaskService.js';
import { CliError, UsageError, type Args, type CommandSpec } from '../args.js';
import type { CliContext } from '../context.js';
import { formatJson, formatTable } from '../format.js';
import { findOrg, findUser } from '../lookup.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT_DEFAULT = 100;
const LIST_LIMIT_MAX = 10_000;

/** The task rules as an operator applies them: any application of the catalogue. */
function service(ctx: CliContext): TaskService {
  const { stores } = ctx;
  return new TaskService({
    store: stores.tasks,
    users: stores.users,
    accounts: stores.accounts,
    apps: stores.apps,
    canSeeApp: async () => true,
    yellowWindowMs: ctx.taskYellowWindowMs ?? DEFAULT_YELLOW_WINDOW_MS,
  });
}

/** Runs a task rule, turning its refusals into the command line's. */
async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof TaskError && e.taskCode === 'appNotAvailable') throw new CliError('No application of that name in the catalogue (see app list).');
    if (e instanceof TaskError) throw new CliError(`${e.message}.`);
    throw e;
  }
}

/** The task the command line describes, checked with the API's own schema. */
function taskBody(args: Args) {
  const result = z.safeParse(CreateTaskBody, {
    app: args.positional(0),
    name: args.positional(1),
    assignee: args.required('assignee'),
    end_date: args.string('end'),
    followers: args.strings('follower'),
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = { app: '<app>', name: '<name>', assignee: '--assignee', end_date: '--end', followers: '--follower' }[String(issue?.path[0])] ?? 'input';
    throw new UsageError(`${field}: ${issue?.message ?? 'invalid'}${field === '--end' ? ' (a date and time such as 2026-07-01T17:00:00Z)' : ''}`);
  }
  return result.data;
}

const create: CommandSpec = {
  group: 'tasks',
  name: 'create',
  summary: 'create a work item for a member of an organisation',
  description:
    'Creates a task of an application of the catalogue in an organisation, assigned to one of\n' +
    'its members. The creator (when given) and the followers follow it. The assignee sees it in\n' +
    'the notification centre the next time it is opened (a running server is not told).',
  positionals: ['app', 'name'],
  options: {
    org: { type: 'string', arg: 'organisation', help: 'organisation name or id', required: true },
    assignee: { type: 'string', arg: 'username', help: 'member the task is assigned to', required: true },
    creator: { type: 'string', arg: 'username', help: 'member shown as its creator (follows it)' },
    end: { type: 'string', arg: 'date', help: 'end date and time, ISO 8601 with an offset (none: a blue task)' },
    follower: { type: 'string', arg: 'username', help: 'member who follows it', multiple: true },
    json: { type: 'boolean', help: 'print the task as JSON' },
  },
  examples: ['tasks create Audits "Close the audit findings" --org "Northwind Trading" --assignee demo --creator olivia --end 2026-07-01T17:00:00Z'],
  validate: (args) => void taskBody(args),
  async run(ctx, args, io) {
    const body = taskBody(args);
    const org = await findOrg(ctx.stores, args.required('org'));
    const creatorName = args.string('creator');
    const creator = creatorName === undefined ? null : await findUser(ctx.stores, creatorName);
    if (creator && !(await ctx.stores.accounts.isMember(creator.id, org.id))) throw new CliError(`The creator '${creator.username}' is not a member of ${org.name}.`);
    const tasks = service(ctx);
    const item = await attempt(() =>
      tasks.createAsOperator({
        accountId: org.id,
        app: body.app,
        name: body.name,
        assignee: body.assignee,
        creator: creator?.id ?? null,
        endDate: body.end_date ? new Date(body.end_date) : null,
        followers: body.followers ?? [],
      }),
    );
    if (args.flag('json')) return io.stdout(formatJson(item));
    io.stdout(`Created task ${item.uuid} '${item.task_name}' in ${item.appName} for ${item.assignee.name} (${item.rygStatus}).`);
  },
};

const ls: CommandSpec = {
  group: 'tasks',
  name: 'ls',
  summary: 'list work items, soonest end date first',
  description: 'Lists the open tasks (with --all the done ones too) of an organisation, of a user, or of both.',
  positionals: [],
  options: {
    org: { type: 'string', arg: 'organisation', help: 'only tasks of this organisation (name or id)' },
    user: { type: 'string', arg: 'username', help: 'only tasks assigned to this user' },
    all: { type: 'boolean', help: 'done tasks too' },
    limit: { type: 'string', arg: 'n', help: `at most this many (default ${LIST_LIMIT_DEFAULT})` },
    json: { type: 'boolean', help: 'print JSON' },
  },
  examples: ['tasks ls --org "Northwind Trading" --user demo'],
  validate(args) {
    const limit = args.string('limit');
    if (limit !== undefined && (!/^\d{1,5}$/.test(limit) || Number(limit) < 1 || Number(limit) > LIST_LIMIT_MAX)) {
      throw new UsageError(`--limit must be a whole number from 1 to ${LIST_LIMIT_MAX}, not '${limit}'`);
    }
  },
  async run(ctx, args, io) {
    const orgName = args.string('org');
    const username = args.string('user');
    const org = orgName === undefined ? undefined : await findOrg(ctx.stores, orgName);
    const user = username === undefined ? undefined : await findUser(ctx.stores, username);
    const items = await service(ctx).listForOperator({
      accountId: org?.id,
      assigneeId: user?.id,
      all: args.flag('all'),
      limit: Number(args.string('limit') ?? LIST_LIMIT_DEFAULT),
    });
    if (args.flag('json')) return io.stdout(formatJson(items));
    if (items.length === 0) return io.stdout('No tasks.');
    io.stdout(formatTable(['id', 'application', 'task', 'assignee', 'end date', 'colour', 'status'], items.map(row)));
  },
};

function row(item: TaskItem): string[] {
  const status = item.snoozed_till ? `snoozed until ${item.snoozed_till}` : item.status;
  return [item.uuid, item.appName, item.task_name, item.assignee.name, item.end_date ?? '', item.rygStatus, status];
}

const complete: CommandSpec = {
  group: 'tasks',
  name: 'complete',
  summary: 'mark a work item done',
  positionals: ['id'],
  options: {},
  examples: ['tasks complete 0b7c3e52-5a8e-4f3b-9a51-6f0e9d1c2a47'],
  validate(args) {
    if (!UUID.test(args.positional(0))) throw new UsageError(`'${args.positional(0)}' is not a task id (see tasks ls)`);
  },
  async run(ctx, args, io) {
    const item = await service(ctx).completeAsOperator(args.positional(0).toLowerCase());
    if (!item) throw new CliError(`No task with the id '${args.positional(0)}'.`);
    io.stdout(`Completed task ${item.uuid} '${item.task_name}'.`);
  },
};

export const taskCommands: readonly CommandSpec[] = [create, ls, complete];
