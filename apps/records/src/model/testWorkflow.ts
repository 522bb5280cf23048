/**
 * A purchase request with a workflow, and a fake of the records calls that
 * takes its steps as the server does (a step's version checked, blocked
 * steps and steps not the caller's refused, a required comment, the
 * approvers' decisions, following, reassigning). For the models' and
 * views' tests; never imported by production code.
 */
import type { Desktop } from '@atrium/sdk';
import { Entity, type RecordDetail, type RecordDto, type RecordPage, type RecordQueryInput, type RecordWorkflowDto, type TransitionDto } from '@atrium/shared/apps';

export const DANA = { id: 'u-dana', name: 'Dana Demo' };
export const LIAM = { id: 'u-liam', name: 'Liam Chen' };
export const OLIVIA = { id: 'u-olivia', name: 'Olivia Hart' };

export const purchase: Entity = Entity.parse({
  label: { en_EN: 'Purchase', de_DE: 'Einkauf' },
  pluralLabel: { en_EN: 'Purchases', de_DE: 'Einkäufe' },
  naming: { series: 'PO-{#####}' },
  titleField: 'title',
  fields: {
    title: { type: 'text', label: { en_EN: 'Title' }, required: true },
    amount: { type: 'number', label: { en_EN: 'Amount', de_DE: 'Betrag' } },
    state: {
      type: 'choice',
      label: { en_EN: 'State', de_DE: 'Status' },
      required: true,
      choices: [
        { value: 'draft', label: { en_EN: 'Draft', de_DE: 'Entwurf' }, colour: 'grey' },
        { value: 'submitted', label: { en_EN: 'Submitted', de_DE: 'Eingereicht' }, colour: 'blue' },
        { value: 'approved', label: { en_EN: 'Approved', de_DE: 'Genehmigt' }, colour: 'green' },
        { value: 'rejected', label: { en_EN: 'Rejected', de_DE: 'Abgelehnt' }, colour: 'red' },
      ],
    },
  },
  views: { board: { groupBy: 'state' } },
  rights: { everyone: { actions: ['read', 'create', 'update'] } },
  workflow: {
    field: 'state',
    initial: 'draft',
    states: {
      draft: { label: { en_EN: 'Draft', de_DE: 'Entwurf' }, colour: 'grey' },
      submitted: { label: { en_EN: 'Submitted', de_DE: 'Eingereicht' }, colour: 'blue', assignee: { role: 'approvers', pick: 'all' }, approval: { count: 2 }, due: { days: 2 } },
      approved: { label: { en_EN: 'Approved', de_DE: 'Genehmigt' }, colour: 'green' },
      rejected: { label: { en_EN: 'Rejected', de_DE: 'Abgelehnt' }, colour: 'red' },
    },
    transitions: {
      submit: { action: { en_EN: 'Submit', de_DE: 'Einreichen' }, from: ['draft'], to: 'submitted', who: ['owner'], requires: ['amount'], comment: 'none' },
      approve: { action: { en_EN: 'Approve', de_DE: 'Genehmigen' }, from: ['submitted'], to: 'approved', who: ['assignee'], decision: 'approve' },
      reject: { action: { en_EN: 'Reject', de_DE: 'Ablehnen' }, from: ['submitted'], to: 'rejected', who: ['assignee'], decision: 'reject', confirm: { en_EN: 'Reject this purchase?' }, comment: 'required' },
      reopen: { action: { en_EN: 'Reopen' }, from: ['rejected'], to: 'draft', who: ['owner'], comment: 'none' },
    },
    reassign: ['admin'],
  },
});

/** A purchase in a state, at a version. */
export function purchaseRecord(n: number, values: Record<string, unknown>, version = 1): RecordDto {
  const at = '2026-03-02T09:00:00.000Z';
  return {
    app: 'Buying',
    entity: 'purchase',
    name: `PO-${String(n).padStart(5, '0')}`,
    title: String(values.title ?? ''),
    version,
    colour: 'BLUE',
    owner: DANA,
    createdAt: at,
    createdBy: DANA,
    updatedAt: at,
    updatedBy: DANA,
    values: { amount: null, state: 'draft', ...values },
  };
}

/** One record's place in its workflow as the fake holds it. */
interface Place {
  enteredAt: string;
  assignees: string[];
  decisions: Record<string, { decision: 'approve' | 'reject'; at: string; comment: string | null }>;
  following: boolean;
}

export interface WorkflowServer {
  request: Desktop['request'];
  records: RecordDto[];
  calls: Array<{ method: string; path: string; body: unknown }>;
  /** The steps not the caller's (the server leaves them out of the answer and refuses them). */
  notMine: Set<string>;
  /** Makes the next call fail with this refusal (status and body). */
  failWith: { status: number; body: Record<string, unknown> } | null;
}

function refusal(status: number, body: Record<string, unknown>): Error {
  return Object.assign(new Error(String(body.message)), { code: 'request.failed', status, body: { status: 'error', ...body } });
}

/** The steps the caller may take from the record's state, each blocked while a required field is empty. */
function stepsOf(record: RecordDto, notMine: ReadonlySet<string>): TransitionDto[] {
  const workflow = purchase.workflow!;
  return Object.entries(workflow.transitions)
    .filter(([key, t]) => t.from.includes(String(record.values.state)) && !notMine.has(key))
    .map(([key, t]) => {
      const requires = (t.requires ?? []).filter((field) => record.values[field] === null || record.values[field] === undefined);
      return {
        key,
        action: t.action,
        to: t.to,
        comment: t.comment,
        ...(t.decision ? { decision: t.decision } : {}),
        ...(t.confirm ? { confirm: t.confirm } : {}),
        ...(requires.length > 0 ? { blocked: { condition: false, requires } } : {}),
      };
    });
}

/** A page of purchases equal to the query's filters. */
function pageOf(records: readonly RecordDto[], query: RecordQueryInput): RecordPage {
  const list = records.filter((r) => (query.filters ?? []).every((f) => (f.op === 'eq' ? r.values[f.field] === f.value : f.op === 'empty' ? r.values[f.field] == null : true)));
  return { records: structuredClone(list), total: list.length, capped: false, offset: 0, people: {}, links: {} };
}

/** The fake of the records calls of purchases with their workflow. */
export function workflowServer(records: RecordDto[]): WorkflowServer {
  const places = new Map<string, Place>(records.map((r) => [r.name, { enteredAt: r.updatedAt, assignees: r.values.state === 'submitted' ? [LIAM.id, OLIVIA.id] : [], decisions: {}, following: false }]));
  const server: WorkflowServer = { records, calls: [], notMine: new Set(), failWith: null, request: undefined as unknown as Desktop['request'] };
  const detail = (r: RecordDto): RecordDetail => {
    const place = places.get(r.name)!;
    const submitted = r.values.state === 'submitted';
    const workflow: RecordWorkflowDto = {
      state: String(r.values.state),
      enteredAt: place.enteredAt,
      dueAt: submitted ? '2026-03-04T09:00:00.000Z' : null,
      assignees: place.assignees,
      transitions: stepsOf(r, server.notMine),
      approval: submitted ? { needed: 2, approvers: place.assignees.map((id) => ({ userId: id, decision: place.decisions[id]?.decision ?? null, at: place.decisions[id]?.at ?? null, comment: place.decisions[id]?.comment ?? null, delegatedFrom: id === OLIVIA.id ? LIAM.id : null })) } : null,
      mayReassign: true,
    };
    return { record: structuredClone(r), rights: { update: true, delete: false, comment: true, readOnlyFields: [] }, people: { [DANA.id]: DANA.name, [LIAM.id]: LIAM.name, [OLIVIA.id]: OLIVIA.name }, links: {}, workflow, following: place.following };
  };
  const step = (r: RecordDto, body: { transition: string; version: number; comment?: string }): RecordDetail => {
    if (body.version !== r.version) throw refusal(409, { code: 'records.conflict', message: 'conflict', params: { user: OLIVIA.name, version: String(r.version) } });
    const taken = stepsOf(r, server.notMine).find((t) => t.key === body.transition);
    if (!taken || taken.blocked) throw refusal(403, { code: 'records.workflow.notAllowed', message: 'You may not take this step now' });
    if (taken.comment === 'required' && !body.comment) throw refusal(400, { code: 'records.workflow.commentRequired', message: 'This step needs a comment' });
    const place = places.get(r.name)!;
    if (taken.decision === 'approve') {
      // The caller decides as the first approver.
      place.decisions[place.assignees[0]!] = { decision: 'approve', at: '2026-03-02T10:00:00.000Z', comment: body.comment ?? null };
      if (Object.values(place.decisions).filter((d) => d.decision === 'approve').length < 2) return (r.version++, detail(r));
    }
    r.values = { ...r.values, state: taken.to };
    r.version++;
    places.set(r.name, { enteredAt: '2026-03-02T10:00:00.000Z', assignees: taken.to === 'submitted' ? [LIAM.id, OLIVIA.id] : [], decisions: {}, following: place.following });
    return detail(r);
  };
  const answer = (method: string, path: string, body: unknown): unknown => {
    const [, , , third, fourth] = path.split('?')[0]!.split('/');
    if (method === 'post' && third === 'query') return pageOf(server.records, body as RecordQueryInput);
    const r = server.records.find((x) => x.name === decodeURIComponent(third!));
    if (!r) throw refusal(404, { code: 'records.notFound', message: 'Record not found' });
    const place = places.get(r.name)!;
    if (method === 'get' && fourth === undefined) return detail(r);
    if (method === 'post' && fourth === 'transition') return step(r, body as { transition: string; version: number; comment?: string });
    if (fourth === 'follow') return (place.following = method === 'put'), detail(r);
    if (method === 'post' && fourth === 'reassign') {
      const { from, to } = body as { from: string; to: string };
      place.assignees = place.assignees.map((id) => (id === from ? to : id));
      return detail(r);
    }
    if (method === 'put') {
      r.values = { ...r.values, ...(body as { values: Record<string, unknown> }).values };
      r.version++;
      return detail(r);
    }
    throw refusal(404, { code: 'request.not-found', message: 'Not found' });
  };
  server.request = (async (method: string, path: string, body?: unknown) => {
    server.calls.push({ method, path, body });
    const failure = server.failWith;
    if (failure) {
      server.failWith = null;
      throw refusal(failure.status, failure.body);
    }
    return { status: 'success', data: answer(method, path, body) };
  }) as Desktop['request'];
  return server;
}
