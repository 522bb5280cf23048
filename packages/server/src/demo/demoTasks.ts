/**
 * The demo's work items (docs/behaviour/work.md): tasks for every demo user
 * in both organisations of `demo`, in every colour (end dates relative to
 * the time of seeding), across several applications, some created by a
 * colleague (so they show in the creator's My Follow Up), some snoozed, and
 * comments by two people with words worth searching for (budget, audit,
 * supplier contract).
 */
import crypto from 'node:crypto';
import type { AppRecord } from '../apps/AppStore.js';
import type { Stores } from '../stores.js';
import type { UserRecord } from '../users/UserStore.js';

const HOUR = 3600_000;

interface DemoTask {
  app: string;
  name: string;
  assignee: string;
  creator: string;
  /** Hours from the time of seeding; null: no end date. */
  due: number | null;
  /** Snoozed until this many hours from the time of seeding (GREEN tasks only, before their end date). */
  snoozed?: number;
  followers?: string[];
  /** [author, text] oldest first. */
  comments?: Array<[string, string]>;
}

/** The tasks of Northwind Trading: `demo` has more than a page of them in every colour. */
const NORTHWIND: readonly DemoTask[] = [
  {
    app: 'Audits',
    name: 'Close the findings of the warehouse audit',
    assignee: 'demo',
    creator: 'olivia',
    due: -26,
    followers: ['liam'],
    comments: [
      ['olivia', 'Please close the audit findings before the supplier review next week.'],
      ['demo', 'Two findings are closed; the third needs a new budget approval.'],
    ],
  },
  {
    app: 'CRM',
    name: 'Call back Fabrikam about the supplier contract',
    assignee: 'demo',
    creator: 'olivia',
    due: 20,
    comments: [
      ['demo', 'Fabrikam wants to renegotiate the supplier contract terms.'],
      ['olivia', "Keep the budget within last year's figures."],
    ],
  },
  { app: 'Reports', name: 'Prepare the quarterly budget report', assignee: 'demo', creator: 'olivia', due: 6 * 24, snoozed: 3 * 24 },
  { app: 'LeaveRequests', name: 'Approve the summer leave plan', assignee: 'demo', creator: 'olivia', due: 10 * 24 },
  { app: 'Policies', name: 'Review the password policy', assignee: 'demo', creator: 'olivia', due: null },
  { app: 'RiskRegister', name: 'Assess the supplier risk of Northwind Logistics', assignee: 'demo', creator: 'olivia', due: 4 * 24 },
  { app: 'Audits', name: 'Plan the internal audit of purchasing', assignee: 'demo', creator: 'liam', due: 40 },
  { app: 'CRM', name: 'Update the customer contacts of Contoso', assignee: 'demo', creator: 'demo', due: -3 },
  { app: 'Handbook', name: 'Read the updated travel policy', assignee: 'demo', creator: 'olivia', due: null },
  { app: 'CRM', name: 'Renew the supplier contract for office supplies', assignee: 'demo', creator: 'olivia', due: 14 * 24, snoozed: 7 * 24 },
  // Created by demo: My Follow Up.
  { app: 'Audits', name: 'Send the audit checklist to the auditors', assignee: 'liam', creator: 'demo', due: -5 },
  {
    app: 'Reports',
    name: 'Check the budget figures for March',
    assignee: 'olivia',
    creator: 'demo',
    due: 30,
    comments: [
      ['olivia', 'The March budget figures differ from the audit numbers.'],
      ['demo', 'I will reconcile them with finance tomorrow.'],
    ],
  },
  { app: 'CRM', name: 'Prepare the supplier contract renewal', assignee: 'olivia', creator: 'demo', due: 5 * 24 },
  { app: 'Calendar', name: 'Book the room for the audit kickoff', assignee: 'liam', creator: 'demo', due: null },
  // Olivia's and Liam's own work.
  { app: 'RiskRegister', name: 'Sign off the risk register for Q3', assignee: 'olivia', creator: 'liam', due: -50 },
  { app: 'Policies', name: 'Approve the new remote work policy', assignee: 'olivia', creator: 'liam', due: 9 * 24, snoozed: 4 * 24 },
  { app: 'Directory', name: 'Welcome the new team members', assignee: 'olivia', creator: 'olivia', due: null },
  {
    app: 'Audits',
    name: 'Calibrate the measuring equipment',
    assignee: 'liam',
    creator: 'olivia',
    due: 12,
    comments: [
      ['olivia', 'The budget for new equipment is approved.'],
      ['liam', 'Ordered the calibration kit from our usual supplier.'],
    ],
  },
  { app: 'Audits', name: 'Write the audit report for the Oslo site', assignee: 'liam', creator: 'olivia', due: 8 * 24, snoozed: 2 * 24 },
  { app: 'Audits', name: 'Review the supplier quality agreement', assignee: 'liam', creator: 'olivia', due: 12 * 24 },
  { app: 'Chat', name: 'Answer the questions about the audit plan', assignee: 'liam', creator: 'olivia', due: null },
];

/** The tasks of Contoso Health, between `sofia` and `demo`. */
const CONTOSO: readonly DemoTask[] = [
  {
    app: 'RiskRegister',
    name: 'Update the risk assessment for the clinic network',
    assignee: 'demo',
    creator: 'sofia',
    due: -10,
    comments: [
      ['sofia', 'The supplier contract for the clinic network expires in June.'],
      ['demo', 'I added the audit findings to the risk assessment.'],
    ],
  },
  { app: 'Policies', name: 'Review the data protection policy', assignee: 'demo', creator: 'sofia', due: 7 * 24 },
  { app: 'Mail', name: 'Reply to the auditor about the budget', assignee: 'demo', creator: 'sofia', due: 20 },
  { app: 'Policies', name: 'Collect the signed policy acknowledgements', assignee: 'demo', creator: 'sofia', due: null },
  { app: 'RiskRegister', name: 'Check the supplier contract risks', assignee: 'sofia', creator: 'demo', due: 6 * 24, snoozed: 2 * 24 },
  { app: 'RiskRegister', name: 'Test the restore of the patient records backup', assignee: 'sofia', creator: 'demo', due: 9 * 24 },
  { app: 'Policies', name: 'Publish the incident response policy', assignee: 'sofia', creator: 'demo', due: -2 },
  { app: 'Calendar', name: 'Schedule the security awareness training', assignee: 'sofia', creator: 'demo', due: 36 },
  { app: 'Chat', name: 'Share the audit results with the team', assignee: 'sofia', creator: 'demo', due: null },
];

/** Writes the demo tasks with `stores` (inside the demo data's transaction). */
export async function writeDemoTasks(
  stores: Stores,
  users: ReadonlyMap<string, UserRecord>,
  apps: ReadonlyMap<string, AppRecord>,
  organisations: { northwind: string; contoso: string },
  now: Date = new Date(),
): Promise<number> {
  let written = 0;
  for (const [accountId, list] of [
    [organisations.northwind, NORTHWIND],
    [organisations.contoso, CONTOSO],
  ] as const) {
    for (const [i, task] of list.entries()) {
      const app = apps.get(task.app);
      const assignee = users.get(task.assignee);
      const creator = users.get(task.creator);
      if (!app || !assignee || !creator) throw new Error(`demo task '${task.name}' names an unknown application or user`);
      // Created over the last days, in the order listed.
      const createdAt = new Date(now.getTime() - (list.length - i) * 6 * HOUR);
      const followers = [creator.id, ...(task.followers ?? []).map((name) => users.get(name)!.id)].filter((id) => id !== assignee.id);
      const record = await stores.tasks.insert(
        {
          id: crypto.randomUUID(),
          accountId,
          appUuid: app.id,
          appName: app.name,
          name: task.name,
          assigneeId: assignee.id,
          creatorId: creator.id,
          endDate: task.due === null ? null : new Date(now.getTime() + task.due * HOUR),
          createdAt,
          updatedAt: createdAt,
        },
        followers,
      );
      if (task.snoozed !== undefined) await stores.tasks.update(record.id, { snoozedTill: new Date(now.getTime() + task.snoozed * HOUR) });
      for (const [j, [author, text]] of (task.comments ?? []).entries()) {
        await stores.tasks.addComment({ id: crypto.randomUUID(), taskId: record.id, authorId: users.get(author)!.id, text, createdAt: new Date(createdAt.getTime() + (j + 1) * HOUR) });
      }
      written++;
    }
  }
  return written;
}
