/**
 * The demo's work items (docs/behaviour/work.md): tasks for every demo user
 * in both organisations of `demo`, in every colour (end dates relative to
 * the time of seeding), across several applications, some created by a
 * colleague (so they show in the creator's My Follow Up), some snoozed, and
 * comments by two people with words worth searching for (budget, audit,
 * supplier contract). Tasks of the declared applications are mostly about
 * one of their demo records, which Edit opens. The work the demo records'
 * workflows give (Olivia's approvals of her reports' pending leave, the
 * incidents to triage, the findings to resolve…) is not made here: the
 * records' states open it when they are written (docs/behaviour/workflows.md,
 * "The demo's workflows").
 */
import crypto from 'node:crypto';
import type { AppRecord } from '../apps/AppStore.js';
import type { Stores } from '../stores.js';
import type { UserRecord } from '../users/UserStore.js';
import type { SeededRecord } from './seedDemoApps.js';

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
  /**
   * The record the task is about, chosen among the application's demo
   * records in the task's organisation (oldest first); `{record}` in the
   * name reads as its name. A task whose record is not found is left out.
   */
  about?: (records: readonly SeededRecord[], id: (username: string) => string) => SeededRecord | undefined;
}

/** The newest of the records that `test` accepts. */
const newest = (test: (values: Readonly<Record<string, unknown>>, r: SeededRecord) => boolean) => (records: readonly SeededRecord[]) => records.findLast((r) => test(r.values, r));
/** The oldest of the records that `test` accepts. */
const oldest = (test: (values: Readonly<Record<string, unknown>>, r: SeededRecord) => boolean) => (records: readonly SeededRecord[]) => records.find((r) => test(r.values, r));
/** The record titled so (or, failing that, the newest one). */
const titled = (title: string) => (records: readonly SeededRecord[]) => records.find((r) => r.values.title === title) ?? records.at(-1);

/** The tasks of Northwind Trading: `demo` has more than a page of them in every colour. */
const NORTHWIND: readonly DemoTask[] = [
  {
    app: 'Audits',
    name: 'Close the findings of the warehouse audit',
    assignee: 'demo',
    creator: 'olivia',
    due: -26,
    followers: ['liam'],
    about: (records) => newest((v) => v.process === 'logistics' && v.status === 'completed')(records) ?? records.at(-1),
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
  { app: 'RiskRegister', name: 'Assess the supplier risk of Northwind Logistics', assignee: 'demo', creator: 'olivia', due: 4 * 24, about: titled('Single supplier for the payment terminals') },
  { app: 'Audits', name: 'Plan the internal audit of purchasing', assignee: 'demo', creator: 'liam', due: 40, about: (records) => newest((v) => v.process === 'purchasing')(records) ?? records.at(-1) },
  { app: 'CRM', name: 'Update the customer contacts of Contoso', assignee: 'demo', creator: 'demo', due: -3 },
  { app: 'Handbook', name: 'Read the updated travel policy', assignee: 'demo', creator: 'olivia', due: null },
  { app: 'CRM', name: 'Renew the supplier contract for office supplies', assignee: 'demo', creator: 'olivia', due: 14 * 24, snoozed: 7 * 24 },
  // Created by demo: My Follow Up.
  { app: 'Audits', name: 'Send the audit checklist to the auditors', assignee: 'liam', creator: 'demo', due: -5, about: (records) => oldest((v) => v.status === 'planned')(records) ?? records.at(-1) },
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
  { app: 'CRM', name: 'Prepare the supplier contract renewal', assignee: 'olivia', creator: 'demo', due: 5 * 24, about: (records) => newest((v, r) => r.entity === 'lead' && v.topic === 'Renewal of the support contract')(records) ?? newest((_, r) => r.entity === 'lead')(records) },
  {
    app: 'Incidents',
    name: 'Lead the response to incident {record}',
    assignee: 'liam',
    creator: 'olivia',
    due: 4,
    about: (records, id) => newest((v) => v.severity === 'sev1' && v.assignee === id('liam') && !['resolved', 'closed'].includes(String(v.status)))(records) ?? records.at(-1),
  },
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
    about: titled('Calibration of measuring equipment'),
    comments: [
      ['olivia', 'The budget for new equipment is approved.'],
      ['liam', 'Ordered the calibration kit from our usual supplier.'],
    ],
  },
  { app: 'Audits', name: 'Write the audit report for the Oslo site', assignee: 'liam', creator: 'olivia', due: 8 * 24, snoozed: 2 * 24, about: (records) => newest((v) => v.status === 'inProgress')(records) ?? records.at(-1) },
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
    about: titled('Unpatched operating systems on medical devices'),
    comments: [
      ['sofia', 'The supplier contract for the clinic network expires in June.'],
      ['demo', 'I added the audit findings to the risk assessment.'],
    ],
  },
  { app: 'Policies', name: 'Review the data protection policy', assignee: 'demo', creator: 'sofia', due: 7 * 24 },
  { app: 'Mail', name: 'Reply to the auditor about the budget', assignee: 'demo', creator: 'sofia', due: 20 },
  { app: 'Policies', name: 'Collect the signed policy acknowledgements', assignee: 'demo', creator: 'sofia', due: null },
  { app: 'RiskRegister', name: 'Check the supplier contract risks', assignee: 'sofia', creator: 'demo', due: 6 * 24, snoozed: 2 * 24, about: titled('Cloud backup provider without a current certificate') },
  { app: 'RiskRegister', name: 'Test the restore of the patient records backup', assignee: 'sofia', creator: 'demo', due: 9 * 24, about: titled('Ransomware encrypts the file server') },
  { app: 'Policies', name: 'Publish the incident response policy', assignee: 'sofia', creator: 'demo', due: -2 },
  { app: 'Calendar', name: 'Schedule the security awareness training', assignee: 'sofia', creator: 'demo', due: 36 },
  { app: 'Chat', name: 'Share the audit results with the team', assignee: 'sofia', creator: 'demo', due: null },
];

/**
 * Writes the demo tasks with `stores` (inside the demo data's transaction);
 * `records` are the demo records written, which tasks are about.
 */
export async function writeDemoTasks(
  stores: Stores,
  users: ReadonlyMap<string, UserRecord>,
  apps: ReadonlyMap<string, AppRecord>,
  organisations: { northwind: string; contoso: string },
  records: readonly SeededRecord[],
  now: Date = new Date(),
): Promise<number> {
  let written = 0;
  const id = (username: string) => users.get(username)?.id ?? '';
  for (const [org, accountId, list] of [
    ['northwind', organisations.northwind, NORTHWIND],
    ['contoso', organisations.contoso, CONTOSO],
  ] as const) {
    for (const [i, task] of list.entries()) {
      const app = apps.get(task.app);
      const assignee = users.get(task.assignee);
      const creator = users.get(task.creator);
      if (!app || !assignee || !creator) throw new Error(`demo task '${task.name}' names an unknown application or user`);
      const about = task.about?.(records.filter((r) => r.app === task.app && r.org === org), id);
      if (task.about && !about) continue;
      // Created over the last days, in the order listed.
      const createdAt = new Date(now.getTime() - (list.length - i) * 6 * HOUR);
      const followers = [creator.id, ...(task.followers ?? []).map((name) => users.get(name)!.id)].filter((id) => id !== assignee.id);
      const record = await stores.tasks.insert(
        {
          id: crypto.randomUUID(),
          accountId,
          appUuid: app.id,
          appName: app.name,
          name: about ? task.name.replace('{record}', about.name) : task.name,
          record: about?.name ?? null,
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
