import { seriesName, seriesPrefix } from '../../records/recordText.js';
import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { at, dayAfter, notAfter, workdayFrom } from './DemoRandom.js';

/**
 * Audits: at Northwind Liam's audits of the trading processes, at Contoso
 * Dana's (and one of Sofia's) of the clinic's, about one a month over the
 * last year and a few planned ahead. Done audits have a score, findings
 * (those past due mostly closed) and a report; one planned audit was
 * missed (red). Each finding of a reported audit is also a finding record
 * of its process owner, open or resolved as the audit's table says; an
 * audit whose findings are all resolved is closed (completed), one with a
 * finding still open waits in "findings reported" (docs/behaviour/workflows.md,
 * "The demo's workflows").
 */
type Process = 'purchasing' | 'production' | 'logistics' | 'sales' | 'hr' | 'it' | 'care' | 'finance';

const SUBJECTS: Record<Process, readonly string[]> = {
  purchasing: ['Supplier approval and evaluation', 'Purchase order approvals', 'Supplier audit: Fjord Packaging AS'],
  production: ['ISO 9001 surveillance: assembly line 2', 'Calibration of measuring equipment', 'First article inspection'],
  logistics: ['Goods receipt and storage', 'Warehouse safety walk: hall B', 'Dangerous goods handling'],
  sales: ['Handling of customer complaints', 'Quotation and contract review'],
  hr: ['Onboarding of new staff', 'Training records and qualifications'],
  it: ['User accounts of leavers', 'Backup and restore', 'Access rights to patient records'],
  care: ['Hand hygiene on ward 3B', 'Medication handling in the pharmacy', 'Patient identification in the emergency unit'],
  finance: ['Month-end closing', 'Travel expense claims'],
};

const FINDINGS: Record<Process, ReadonlyArray<readonly [string, string]>> = {
  purchasing: [
    ['Two purchase orders above 10,000 EUR approved by one person only', 'Approval'],
    ['Supplier evaluation for last year not documented', 'Supplier evaluation'],
    ['Certificate of the packaging supplier expired in March', 'Supplier approval'],
  ],
  production: [
    ['Torque wrench calibration expired on line 2', 'Assembly'],
    ['Work instruction WI-114 not available at the workstation', 'Assembly'],
    ['Non-conforming parts not labelled in the quarantine area', 'Quality control'],
  ],
  logistics: [
    ['Fire exit in hall B partly blocked by pallets', 'Storage'],
    ['Stock count differences not investigated', 'Inventory'],
    ['Forklift daily checklist not filled in for two weeks', 'Internal transport'],
  ],
  sales: [
    ['Customer complaints not answered within five working days', 'Complaints'],
    ['Contract review missing for two framework agreements', 'Contract review'],
  ],
  hr: [
    ['Onboarding checklist missing for three new hires', 'Onboarding'],
    ['Training records of forklift drivers incomplete', 'Training'],
  ],
  it: [
    ['Accounts of leavers still active after 30 days', 'Account management'],
    ['Restore of the backup not tested this quarter', 'Backup'],
    ['Shared administrator account used on the lab computers', 'Access management'],
  ],
  care: [
    ['Hand disinfectant dispensers empty in two patient rooms', 'Ward 3B'],
    ['Fridge temperature log has gaps on weekends', 'Pharmacy'],
    ['Identification wristband missing for one patient', 'Emergency unit'],
  ],
  finance: [
    ['Invoices booked without a goods receipt', 'Accounts payable'],
    ['Expense claims approved by the claimant’s deputy', 'Travel expenses'],
  ],
};

const PROCESSES: Record<DemoContext['org'], readonly Process[]> = {
  northwind: ['purchasing', 'production', 'logistics', 'sales', 'hr', 'it', 'finance'],
  contoso: ['care', 'hr', 'it', 'purchasing', 'finance'],
};

/**
 * Who answers for a process: at Northwind Olivia and Dana (Liam audits); at
 * Contoso whichever of Dana and Sofia did not audit it.
 */
function processOwner(ctx: DemoContext, process: Process, auditor: string): string {
  const { people, org } = ctx;
  if (org === 'contoso') return auditor === people.demo ? people.sofia : people.demo;
  return ['purchasing', 'logistics', 'it'].includes(process) ? people.demo : people.olivia;
}

/**
 * The names the audits get when written in order on a first start: the
 * series numbers each year's audits in the order they were made (as the
 * seeding writes them), so that a finding can link its audit by name.
 */
function auditNames(audits: readonly DemoRecord[]): Map<DemoRecord, string> {
  const counters = new Map<string, number>();
  const names = new Map<DemoRecord, string>();
  for (const audit of [...audits].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const prefix = seriesPrefix('AUD-{YYYY}-{###}', audit.createdAt);
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    names.set(audit, seriesName(prefix, n));
  }
  return names;
}

/** A finding record per row of each reported or closed audit's findings, owned by its process owner. */
function findingRecords(ctx: DemoContext, audits: readonly DemoRecord[]): DemoRecord[] {
  const names = auditNames(audits);
  const latest = new Date(ctx.now.getTime() - 3_600_000);
  return audits
    .filter((a) => a.values.status === 'reported' || a.values.status === 'completed')
    .flatMap((audit) =>
      (audit.values.findings as ReadonlyArray<Record<string, unknown>>).map((row) => {
        const owner = processOwner(ctx, audit.values.process as Process, audit.createdBy);
        const values = { title: row.finding, audit: names.get(audit), grade: row.grade, step: row.process, processOwner: owner, status: row.closed ? 'resolved' : 'open' };
        const createdAt = notAfter(at(dayAfter(new Date(`${String(audit.values.planned)}T00:00:00Z`), 1), 10, ctx.random.int(0, 59)), latest);
        return { entity: 'finding', values, ownerId: owner, createdBy: audit.createdBy, createdAt };
      }),
    )
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function report(title: string, planned: string, score: number, findings: ReadonlyArray<Record<string, unknown>>): string {
  const items = findings.map((f) => `<li>${String(f.finding)}</li>`).join('');
  return (
    `<h2>Summary</h2><p>The audit “${title}” took place on ${planned}. ` +
    `The checklist was met to ${score}%, with ${findings.length} finding${findings.length === 1 ? '' : 's'}.</p>` +
    (items ? `<h2>Findings</h2><ul>${items}</ul>` : '') +
    '<p>The process owners agreed to the corrective actions and their due dates.</p>'
  );
}

export function auditRecords(ctx: DemoContext): DemoRecord[] {
  const { people, now, org, random } = ctx;
  const today = dayAfter(now, 0);
  const processes = PROCESSES[org];
  const out: DemoRecord[] = [];
  let overdueGiven = false;
  for (let offset = -345 + random.int(0, 10); offset < 60; offset += random.int(22, 38)) {
    const process = random.pick(processes);
    const title = random.pick(SUBJECTS[process]);
    const auditor = org === 'northwind' ? people.liam : process === 'it' ? people.sofia : people.demo;
    const planned = workdayFrom(dayAfter(now, offset));
    const values: Record<string, unknown> = { title, process, auditor, planned };
    let status: string;
    if (planned > today) status = 'planned';
    else if (!overdueGiven && offset > -25) {
      // Missed: still planned after its day.
      status = 'planned';
      overdueGiven = true;
    } else if (offset > -12) status = 'inProgress';
    else status = random.chance(0.08) ? 'cancelled' : 'completed';
    values.status = status;
    if (status === 'completed' || status === 'inProgress') {
      const score = random.int(62, 98);
      values.score = score;
      const findings = random.some(FINDINGS[process], random.int(1, Math.min(3, FINDINGS[process].length))).map(([finding, step]) => {
        const grade = random.weighted([['observation', 4], ['minor', 4], ['major', 1]]);
        const due = dayAfter(new Date(`${planned}T00:00:00Z`), grade === 'major' ? random.int(14, 30) : random.int(30, 90));
        // An audit under way has closed nothing yet.
        // Those due two months ago and more are all resolved by now.
        const closed = status === 'inProgress' ? false : due < dayAfter(now, -60) ? true : due < today ? random.chance(0.85) : random.chance(0.2);
        return { finding, grade, process: step, due, closed };
      });
      values.findings = findings;
      values.grade = (['major', 'minor', 'observation'] as const).find((g) => findings.some((f) => f.grade === g));
      if (status === 'completed') {
        values.report = report(title, planned, score, findings);
        // Closed only once every finding is resolved; until then the audit waits with its findings reported.
        if (findings.every((f) => f.closed)) values.findingsResolved = true;
        else values.status = 'reported';
      }
    }
    const created = at(dayAfter(new Date(`${planned}T00:00:00Z`), -random.int(20, 40)), random.int(8, 16), random.int(0, 59));
    out.push({ entity: 'audit', values, ownerId: auditor, createdBy: auditor, createdAt: notAfter(created, new Date(now.getTime() - 3_600_000)) });
  }
  return [...out, ...findingRecords(ctx, out)];
}
