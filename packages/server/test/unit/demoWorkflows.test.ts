import { AppDeclaration, checkDeclaration, checkValues, evaluateCondition, formatProblem, isEmptyValue, type Entity, type Workflow } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { DEMO_APP_ORGS, DEMO_APP_ROLES, DEMO_APPS, readDemoDeclaration, type DemoApp } from '../../src/demo/demoApps.js';
import { demoRecords, type DemoOrg, type DemoPeople, type DemoRecord } from '../../src/demo/demoRecords.js';

/**
 * The demo's workflows (docs/behaviour/workflows.md, "The demo's workflows"):
 * what each declares, and how the demo records spread over their states,
 * so that every demo user starts with some work waiting and nobody with a
 * flood of it.
 */

const people: DemoPeople = { olivia: 'u-olivia', demo: 'u-demo', liam: 'u-liam', sofia: 'u-sofia' };
const NAMES: Record<string, string> = Object.fromEntries(Object.entries(people).map(([name, id]) => [id, name]));
/** Dana and Liam report to Olivia; Olivia and Sofia report to nobody. */
const MANAGER_OF: Record<string, string> = { [people.demo]: people.olivia, [people.liam]: people.olivia };
const NOWS = [new Date('2026-11-27T09:30:00Z'), new Date('2027-02-28T23:40:00Z')];

const declarations = Object.fromEntries(DEMO_APPS.map((name) => [name, AppDeclaration.parse(readDemoDeclaration(name))])) as Record<DemoApp, AppDeclaration>;

function workflowOf(app: DemoApp, entity: string): Workflow {
  const workflow = declarations[app].entities[entity]?.workflow;
  if (!workflow) throw new Error(`${app}.${entity} declares no workflow`);
  return workflow;
}

function holders(org: DemoOrg, app: DemoApp, role: string): string[] {
  return DEMO_APP_ROLES.filter((r) => r.org === org && r.app === app && r.role === role).map((r) => people[r.user]);
}

interface Placed {
  app: DemoApp;
  org: DemoOrg;
  record: DemoRecord;
  entity: Entity;
  /** The values as written: defaults and computed fields filled in. */
  values: Record<string, unknown>;
}

/** Every demo record of an entity with a workflow, as written at `now`. */
function placed(now: Date): Placed[] {
  const out: Placed[] = [];
  for (const app of DEMO_APPS) {
    for (const org of DEMO_APP_ORGS[app]) {
      for (const record of demoRecords(app, people, now, org)) {
        const entity = declarations[app].entities[record.entity]!;
        if (!entity.workflow) continue;
        out.push({ app, org, record, entity, values: checkValues(entity, record.values, { userId: record.createdBy, now: now.getTime() }).values });
      }
    }
  }
  return out;
}

/**
 * The open work the demo records give each user once written: a task per
 * assignee of a record's state, holders of a role taking turns (or all of
 * them), as the workflow's rule of that state says.
 */
function openWork(now: Date): Map<string, number> {
  const work = new Map<string, number>();
  const give = (user: unknown, where: string) => {
    expect(typeof user, where).toBe('string');
    work.set(user as string, (work.get(user as string) ?? 0) + 1);
  };
  const turns = new Map<string, number>();
  for (const { app, org, record, entity, values } of placed(now)) {
    const workflow = entity.workflow!;
    const state = workflow.states[values[workflow.field] as string];
    const rule = state?.assignee;
    const where = `${app} ${org} ${JSON.stringify(record.values).slice(0, 100)}`;
    if (rule === undefined) continue;
    if ('field' in rule) give(values[rule.field], where);
    else if ('managerOf' in rule) give(MANAGER_OF[(rule.managerOf === 'owner' ? record.ownerId : values[rule.managerOf]) as string], where);
    else {
      const all = holders(org, app, rule.role);
      expect(all.length, `${where}: holders of ${rule.role}`).toBeGreaterThan(0);
      if (rule.pick === 'all') for (const user of all) give(user, where);
      else {
        const key = `${app} ${org} ${rule.role}`;
        const turn = turns.get(key) ?? 0;
        turns.set(key, turn + 1);
        give(all[turn % all.length], where);
      }
    }
  }
  return work;
}

describe('the demo workflows', () => {
  it('pass the install checks of a workflow, which would refuse a state no transition reaches', () => {
    for (const app of DEMO_APPS) {
      const check = checkDeclaration(readDemoDeclaration(app));
      expect(check.ok ? [] : check.problems.map(formatProblem), app).toEqual([]);
    }
    const broken = readDemoDeclaration('RiskRegister') as { entities: { risk: { workflow: { transitions: Record<string, unknown> } } } };
    delete broken.entities.risk.workflow.transitions.submitPlan;
    const check = checkDeclaration(broken);
    expect(check.ok ? [] : check.problems.map(formatProblem)).toContainEqual(expect.stringContaining("entities.risk.workflow.states.planReview: no transition leads to 'planReview'"));
  });

  it('are declared for leave requests, audits and their findings, incidents, leads and risks', () => {
    const declared = DEMO_APPS.flatMap((app) => Object.entries(declarations[app].entities).flatMap(([name, entity]) => (entity.workflow ? [`${app}.${name}`] : [])));
    expect(declared.sort()).toEqual(['Audits.audit', 'Audits.finding', 'CRM.lead', 'Incidents.incident', 'LeaveRequests.request', 'RiskRegister.risk']);
  });

  it("send a leave request to the requester's manager, tell HR of approvals and let the requester withdraw it while it waits", () => {
    const leave = workflowOf('LeaveRequests', 'request');
    expect(leave.states.requested).toMatchObject({ assignee: { managerOf: 'owner' }, approval: 'any' });
    expect(leave.states.approved?.notify).toContainEqual({ role: 'hr' });
    expect(leave.transitions.approve).toMatchObject({ from: ['requested'], to: 'approved', decision: 'approve', selfApproval: false });
    expect(leave.transitions.reject).toMatchObject({ from: ['requested'], to: 'rejected', decision: 'reject', comment: 'required' });
    expect(leave.transitions.withdraw).toMatchObject({ from: ['requested'], to: 'cancelled', who: ['owner'] });
  });

  it('close an audit only once its findings are resolved, and give each finding to its process owner with a due date', () => {
    const audit = workflowOf('Audits', 'audit');
    const path = (to: string) => Object.values(audit.transitions).filter((t) => t.to === to);
    expect(path('inProgress').map((t) => t.from)).toEqual([['planned']]);
    expect(path('reported').map((t) => t.from)).toEqual([['inProgress']]);
    expect(path('completed')).toEqual([expect.objectContaining({ from: ['reported'], condition: { field: 'findingsResolved', op: 'eq', value: true } })]);
    const finding = workflowOf('Audits', 'finding');
    expect(declarations.Audits.entities.finding!.fields.processOwner?.type).toBe('user');
    expect(declarations.Audits.entities.finding!.fields.audit).toMatchObject({ type: 'link', entity: 'audit' });
    expect(finding.states.open).toMatchObject({ assignee: { field: 'processOwner' }, due: { days: 30 } });
    expect(finding.transitions.resolve).toMatchObject({ from: ['open'], to: 'resolved' });
  });

  it('give a new incident to the people on call in turn, due in 4 business hours and escalated 4 hours later', () => {
    const incident = workflowOf('Incidents', 'incident');
    expect(incident.initial).toBe('open');
    expect(incident.states.open).toMatchObject({ assignee: { role: 'on-call', pick: 'roundRobin' }, due: { businessHours: 4 }, escalateAfterHours: 4 });
    expect(incident.transitions.triage).toMatchObject({ from: ['open'], to: 'investigating', requires: expect.arrayContaining(['assignee']) });
    expect(holders('northwind', 'Incidents', 'on-call').length).toBeGreaterThanOrEqual(2);
  });

  it("move a lead between stages only by transitions whose rules ask what the stage needs", () => {
    const lead = workflowOf('CRM', 'lead');
    const into = (stage: string) => Object.values(lead.transitions).filter((t) => t.to === stage);
    for (const t of into('proposal')) expect(t.requires).toContain('value');
    for (const t of into('won')) expect(t.requires).toContain('closeDate');
    for (const t of into('lost')) expect(t.comment).toBe('required');
    // Every stage of the board is reached.
    expect(new Set(Object.values(lead.transitions).map((t) => t.to))).toEqual(new Set(['new', 'qualified', 'proposal', 'negotiation', 'won', 'lost']));
  });

  it('have two of the three risk board members approve the plan of a risk scoring 12 or more; the owner accepts lower ones', () => {
    const risk = workflowOf('RiskRegister', 'risk');
    expect(risk.states.planReview).toMatchObject({ assignee: { role: 'risk-board', pick: 'all' }, approval: { count: 2 } });
    expect(holders('northwind', 'RiskRegister', 'risk-board')).toHaveLength(3);
    expect(risk.transitions.submitPlan).toMatchObject({ to: 'planReview', condition: { field: 'score', op: 'gte', value: 12 } });
    expect(risk.transitions.accept).toMatchObject({ to: 'accepted', who: ['owner'], condition: { field: 'score', op: 'lt', value: 12 } });
  });
});

describe('the demo records in their workflows', () => {
  for (const now of NOWS) {
    it(`are each in a state their values could have reached, at ${now.toISOString()}`, () => {
      for (const { app, org, record, entity, values } of placed(now)) {
        const workflow = entity.workflow!;
        const state = values[workflow.field] as string;
        const where = `${app} ${org} ${state} ${JSON.stringify(record.values).slice(0, 100)}`;
        expect(Object.keys(workflow.states), where).toContain(state);
        for (const [field, value] of Object.entries(workflow.states[state]!.set ?? {})) expect(values[field], `${where}: set ${field}`).toEqual(value);
        if (state === workflow.initial) continue;
        const ctx = { userId: record.createdBy, now: now.getTime() };
        const ways = Object.values(workflow.transitions).filter(
          (t) => t.to === state && (t.requires ?? []).every((f) => !isEmptyValue(values[f])) && (t.condition === undefined || evaluateCondition(t.condition, values, entity.fields, ctx)),
        );
        expect(ways.length, `${where}: no transition into it whose rules the values meet`).toBeGreaterThan(0);
      }
    });
  }

  it('close only audits whose findings are all resolved, and keep those with a finding open as reported', () => {
    for (const org of DEMO_APP_ORGS.Audits) {
      const records = demoRecords('Audits', people, NOWS[0]!, org);
      const findings = records.filter((r) => r.entity === 'finding');
      const audits = records.filter((r) => r.entity === 'audit');
      expect(findings.length, org).toBeGreaterThan(audits.length / 2);
      const findingsOf = (audit: DemoRecord) => findings.filter((f) => f.values.title !== undefined && (audit.values.findings as Array<{ finding: string }>).some((row) => row.finding === f.values.title) && f.createdBy === audit.createdBy);
      for (const audit of audits) {
        if (audit.values.status === 'completed') {
          expect(audit.values.findingsResolved, org).toBe(true);
          expect((audit.values.findings as Array<{ closed: boolean }>).every((row) => row.closed)).toBe(true);
        }
        if (audit.values.status === 'reported') expect((audit.values.findings as Array<{ closed: boolean }>).some((row) => !row.closed)).toBe(true);
        if (audit.values.status === 'reported') expect(findingsOf(audit).some((f) => f.values.status === 'open'), org).toBe(true);
      }
    }
  });

  it('leave most records in a final state, a handful at work', () => {
    const byEntity = new Map<string, { all: number; working: number }>();
    for (const { app, org, record, entity, values } of placed(NOWS[0]!)) {
      const key = `${app}.${record.entity} ${org}`;
      const count = byEntity.get(key) ?? { all: 0, working: 0 };
      count.all += 1;
      if (entity.workflow!.states[values[entity.workflow!.field] as string]?.assignee) count.working += 1;
      byEntity.set(key, count);
    }
    for (const [key, { all, working }] of byEntity) expect(working, key).toBeLessThanOrEqual(Math.ceil(all / 3));
    expect([...byEntity.values()].reduce((sum, c) => sum + c.working, 0)).toBeGreaterThan(10);
  });

  for (const now of NOWS) {
    it(`give every demo user between 1 and 50 open tasks of workflows, at ${now.toISOString()}`, () => {
      const work = openWork(now);
      const counts = Object.fromEntries(Object.values(people).map((id) => [NAMES[id], work.get(id) ?? 0]));
      for (const [name, count] of Object.entries(counts)) {
        expect(count, `${name}: ${JSON.stringify(counts)}`).toBeGreaterThanOrEqual(1);
        expect(count, `${name}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(50);
      }
      expect([...work.keys()].every((id) => Object.values(people).includes(id))).toBe(true);
    });
  }

  it("give Olivia her reports' leave to decide, Liam and Dana new incidents to triage, and the risk board a plan to approve", () => {
    const waiting = placed(NOWS[0]!).map((p) => ({ app: p.app, org: p.org, entity: p.record.entity, state: p.values[p.entity.workflow!.field], owner: p.record.ownerId }));
    expect(waiting.filter((w) => w.app === 'LeaveRequests' && w.state === 'requested').map((w) => w.owner)).toEqual(expect.arrayContaining([people.demo, people.liam]));
    expect(waiting.filter((w) => w.app === 'LeaveRequests' && w.state === 'requested' && w.owner === people.olivia)).toEqual([]);
    expect(waiting.filter((w) => w.app === 'Incidents' && w.state === 'open').length).toBeGreaterThanOrEqual(holders('northwind', 'Incidents', 'on-call').length);
    for (const org of DEMO_APP_ORGS.RiskRegister) expect(waiting.filter((w) => w.app === 'RiskRegister' && w.org === org && w.state === 'planReview'), org).toHaveLength(1);
    expect(waiting.some((w) => w.entity === 'finding' && w.state === 'open' && w.owner === people.sofia)).toBe(true);
  });
});
