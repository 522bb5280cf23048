import crypto from 'node:crypto';
import { escalationTaskName, type Locale } from '@atrium/shared';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { JobLog, SingleRunner } from '../db/SingleRunner.js';
import type { TaskService } from '../tasks/TaskService.js';
import { displayName } from '../users/displayName.js';
import type { UserStore } from '../users/UserStore.js';
import type { DueEscalation, EscalationStore } from './EscalationStore.js';

/** How often the job looks for tasks due to escalate. */
export const ESCALATION_INTERVAL_MS = 60_000;
/** Tasks read at a time; a run goes on until none is due. */
const BATCH = 100;

export interface EscalationDeps {
  store: EscalationStore;
  tasks: Pick<TaskService, 'give'>;
  users: Pick<UserStore, 'findById'>;
  accounts: Pick<AccountStore, 'isMember'>;
  /** Who does a user's work at a moment: the user, or their delegate while they are absent (AbsenceService). */
  delegateFor(accountId: string, userId: string, at: Date): Promise<{ userId: string; delegatedFrom: string | null }>;
  /** A user's interface language, for the task's name. */
  localeOf(userId: string): Promise<Locale>;
  now?: () => Date;
  log?: JobLog;
}

/**
 * Escalation (docs/behaviour/workflows.md#escalation): an open task whose
 * escalation time has come is given, once, to its assignee's manager (or
 * the manager's delegate while the manager is away) as a task of kind
 * 'escalation' due at once; the task itself keeps its assignee.
 */
export class Escalations {
  private readonly now: () => Date;

  constructor(private readonly deps: EscalationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Escalates every task due now; answers the ids of the escalation tasks given. */
  async run(): Promise<string[]> {
    const given: string[] = [];
    const tried = new Set<string>();
    for (;;) {
      const now = this.now();
      // A task tried already (its escalation failed and stays due) is not tried again in this run.
      const due = (await this.deps.store.due(now, BATCH)).filter((item) => !tried.has(item.task.id));
      for (const item of due) {
        tried.add(item.task.id);
        try {
          const id = await this.escalate(item, now);
          if (id) given.push(id);
        } catch (err) {
          // One task that cannot escalate (its manager just deleted...) holds up none of the others.
          this.deps.log?.warn({ err, event: 'workflows.escalation.failed', task: item.task.id }, 'a task could not escalate');
        }
      }
      if (due.length === 0) return given;
    }
  }

  /** One task: its escalation time cleared first (once only), then the manager's task; null when nobody gets one. */
  private async escalate({ task, managerId }: DueEscalation, now: Date): Promise<string | null> {
    if (!(await this.deps.store.claim(task.id))) return null;
    if (!managerId || managerId === task.assigneeId || !(await this.isPresentMember(managerId, task.accountId))) return null;
    const doer = await this.deps.delegateFor(task.accountId, managerId, now);
    const assignee = await this.deps.users.findById(task.assigneeId);
    const record = await this.deps.tasks.give(
      {
        id: crypto.randomUUID(),
        accountId: task.accountId,
        appUuid: task.appUuid,
        appName: task.appName,
        name: escalationTaskName(await this.deps.localeOf(doer.userId), task.name),
        assigneeId: doer.userId,
        creatorId: null,
        endDate: now,
        record: task.record,
        recordId: task.recordId,
        entryId: task.entryId,
        kind: 'escalation',
        delegatedFrom: doer.delegatedFrom,
        escalates: task.id,
        createdAt: now,
        updatedAt: now,
      },
      { id: task.assigneeId, name: assignee ? displayName(assignee) : '' },
    );
    return record.id;
  }

  private async isPresentMember(userId: string, accountId: string): Promise<boolean> {
    const user = await this.deps.users.findById(userId);
    return user !== null && !user.disabled && (await this.deps.accounts.isMember(userId, accountId));
  }
}

/**
 * Runs the escalation at once and then every ESCALATION_INTERVAL_MS, by one
 * server at a time (skipped while another runs it: that run escalates for
 * everyone). Returns the timer, for the server to clear when it stops.
 */
export function startEscalations(jobs: SingleRunner, escalations: Pick<Escalations, 'run'>, log: JobLog, intervalMs = ESCALATION_INTERVAL_MS): NodeJS.Timeout {
  const round = () => void jobs.runAlone('workflows.escalate', () => escalations.run(), { whenBusy: 'skip' }).catch((err: unknown) => log.warn({ err }, 'escalation failed'));
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return timer;
}
