import { conditionFields } from './condition.js';
import type { AppDeclaration, Entity, FieldType } from './declaration.js';
import { evaluateCondition } from './evaluate.js';
import type { DeclarationProblem } from './declarationIssues.js';
import { WORKFLOW_LIMITS, type AssigneeRule, type Workflow } from './workflow.js';

/**
 * The checks of an entity's workflow a schema cannot make
 * (docs/behaviour/workflows.md): its field is a choice whose values are the
 * states, every transition leaves from and goes to a declared state, every
 * state can be reached from the first, and every rule names a field of the
 * right type or a declared role. Each problem at its path.
 */

type Problems = DeclarationProblem[];

const typeOf = (entity: Entity, field: string): FieldType | undefined => (Object.hasOwn(entity.fields, field) ? entity.fields[field]!.type : undefined);

function expectField(out: Problems, entity: Entity, field: string, types: readonly FieldType[], path: string): void {
  const type = typeOf(entity, field);
  if (type === undefined) out.push({ path, message: `no field '${field}' in this entity` });
  else if (!types.includes(type)) out.push({ path, message: `'${field}' is a ${type} field; it must be a ${types.join(' or ')} field` });
}

function expectRole(out: Problems, declaration: AppDeclaration, role: string, path: string): void {
  if (role !== 'everyone' && !Object.hasOwn(declaration.roles, role)) out.push({ path, message: `no role '${role}' in this application` });
}

function checkAssignee(out: Problems, declaration: AppDeclaration, entity: Entity, rule: AssigneeRule, path: string): void {
  if ('field' in rule) expectField(out, entity, rule.field, ['user'], `${path}.field`);
  else if ('managerOf' in rule) {
    if (rule.managerOf !== 'owner') expectField(out, entity, rule.managerOf, ['user'], `${path}.managerOf`);
  } else expectRole(out, declaration, rule.role, `${path}.role`);
}

function checkStates(out: Problems, declaration: AppDeclaration, entity: Entity, workflow: Workflow, path: string): void {
  const states = Object.keys(workflow.states);
  if (states.length > WORKFLOW_LIMITS.states) out.push({ path: `${path}.states`, message: `at most ${WORKFLOW_LIMITS.states} states` });
  const field = Object.hasOwn(entity.fields, workflow.field) ? entity.fields[workflow.field]! : undefined;
  if (field === undefined) out.push({ path: `${path}.field`, message: `no field '${workflow.field}' in this entity` });
  else if (field.type !== 'choice') out.push({ path: `${path}.field`, message: `'${workflow.field}' is a ${field.type} field; the state is held by a choice field` });
  else {
    const values = new Set((field.choices ?? []).map((c) => c.value));
    for (const state of states) if (!values.has(state)) out.push({ path: `${path}.states.${state}`, message: `'${state}' is not a choice of '${workflow.field}'` });
  }
  if (!Object.hasOwn(workflow.states, workflow.initial)) out.push({ path: `${path}.initial`, message: `no state '${workflow.initial}'` });
  for (const [key, state] of Object.entries(workflow.states)) {
    const at = `${path}.states.${key}`;
    if (state.assignee) checkAssignee(out, declaration, entity, state.assignee, `${at}.assignee`);
    if (state.due && 'field' in state.due) expectField(out, entity, state.due.field, ['date', 'datetime'], `${at}.due.field`);
    if (state.approval !== undefined && state.assignee === undefined) out.push({ path: `${at}.approval`, message: 'an approval needs an assignee rule: who approves' });
    if (state.escalateAfterHours !== undefined && state.assignee === undefined) out.push({ path: `${at}.escalateAfterHours`, message: 'escalation needs an assignee rule: whose work escalates' });
    for (const [role, fields] of Object.entries(state.editable ?? {})) {
      expectRole(out, declaration, role, `${at}.editable.${role}`);
      fields.forEach((f, i) => typeOf(entity, f) === undefined && out.push({ path: `${at}.editable.${role}.${i}`, message: `no field '${f}' in this entity` }));
    }
    for (const f of Object.keys(state.set ?? {})) {
      if (typeOf(entity, f) === undefined) out.push({ path: `${at}.set.${f}`, message: `no field '${f}' in this entity` });
      else if (f === workflow.field) out.push({ path: `${at}.set.${f}`, message: 'the state field is set by the workflow itself' });
    }
    state.notify?.forEach((rule, i) => {
      if (rule === 'owner') return;
      if ('role' in rule) expectRole(out, declaration, rule.role, `${at}.notify.${i}.role`);
      else expectField(out, entity, rule.field, ['user'], `${at}.notify.${i}.field`);
    });
  }
}

function checkTransitions(out: Problems, declaration: AppDeclaration, entity: Entity, workflow: Workflow, path: string): void {
  const transitions = Object.entries(workflow.transitions);
  if (transitions.length > WORKFLOW_LIMITS.transitions) out.push({ path: `${path}.transitions`, message: `at most ${WORKFLOW_LIMITS.transitions} transitions` });
  for (const [key, transition] of transitions) {
    const at = `${path}.transitions.${key}`;
    transition.from.forEach((from, i) => !Object.hasOwn(workflow.states, from) && out.push({ path: `${at}.from.${i}`, message: `no state '${from}'` }));
    if (!Object.hasOwn(workflow.states, transition.to)) out.push({ path: `${at}.to`, message: `no state '${transition.to}': the transition goes nowhere` });
    transition.who.forEach((actor, i) => {
      if (actor === 'assignee' || actor === 'owner') return;
      if ('role' in actor) expectRole(out, declaration, actor.role, `${at}.who.${i}.role`);
      else expectField(out, entity, actor.field, ['user'], `${at}.who.${i}.field`);
    });
    transition.requires?.forEach((f, i) => {
      if (typeOf(entity, f) === undefined) out.push({ path: `${at}.requires.${i}`, message: `no field '${f}' in this entity` });
      else for (const from of hiddenIn(entity, workflow, f, transition.from)) out.push({ path: `${at}.requires.${i}`, message: `'${f}' is hidden in the state '${from}': the transition could never be taken from it` });
    });
    if (transition.decision !== undefined && !transition.from.some((from) => workflow.states[from]?.approval !== undefined))
      out.push({ path: `${at}.decision`, message: 'a decision is taken only from a state with an approval rule' });
  }
  for (const [key, state] of Object.entries(workflow.states)) {
    if (state.approval === undefined) continue;
    const leaving = transitions.filter(([, t]) => t.from.includes(key));
    for (const decision of ['approve', 'reject'] as const)
      if (!leaving.some(([, t]) => t.decision === decision)) out.push({ path: `${path}.states.${key}.approval`, message: `a state with an approval needs a transition whose decision is '${decision}'` });
  }
}

/**
 * The states among `states` in which a field is always hidden: its
 * `hiddenWhen` depends on the state alone and holds there. (A hidden field
 * keeps no value, so a transition that requires it could not be taken.)
 */
function hiddenIn(entity: Entity, workflow: Workflow, key: string, states: readonly string[]): string[] {
  const rule = entity.fields[key]!.hiddenWhen;
  if (rule === undefined || conditionFields(rule).some((f) => f !== workflow.field)) return [];
  return states.filter((state) => evaluateCondition(rule, { [workflow.field]: state }, entity.fields, { userId: '', now: 0 }));
}

/** States no path of transitions reaches from the first one. */
export function unreachableStates(workflow: Workflow): string[] {
  const reached = new Set<string>([workflow.initial]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const transition of Object.values(workflow.transitions)) {
      if (!reached.has(transition.to) && transition.from.some((from) => reached.has(from))) {
        reached.add(transition.to);
        grew = true;
      }
    }
  }
  return Object.keys(workflow.states).filter((state) => !reached.has(state));
}

/** Every problem of every entity's workflow. */
export function workflowProblems(declaration: AppDeclaration): Problems {
  const out: Problems = [];
  for (const [name, entity] of Object.entries(declaration.entities)) {
    const workflow = entity.workflow;
    if (workflow === undefined) continue;
    const path = `entities.${name}.workflow`;
    checkStates(out, declaration, entity, workflow, path);
    checkTransitions(out, declaration, entity, workflow, path);
    if (Object.hasOwn(workflow.states, workflow.initial))
      for (const state of unreachableStates(workflow)) out.push({ path: `${path}.states.${state}`, message: `no transition leads to '${state}' from '${workflow.initial}'` });
  }
  return out;
}
