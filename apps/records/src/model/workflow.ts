import { Model } from '@atrium/app-kit';
import { rygStatus, type RygStatus } from '@atrium/shared';
import type { Entity, Labels, RecordDetail, TransitionDto, Workflow } from '@atrium/shared/apps';
import { failureOf, RecordsFailure } from './RecordsApi.js';

/*
 * A record's workflow as the runtime shows it (docs/behaviour/workflows.md#in-the-runtime):
 * the declared states and transitions drawn as a diagram, the transitions
 * the caller may take, and the flow of taking one (a question first, a
 * comment when asked for). No React here: the form and the board share it.
 */

/** A state's colour as the declaration names it. */
export type StateColour = NonNullable<Workflow['states'][string]['colour']>;

/** One state of the diagram. */
export interface DiagramState {
  key: string;
  label: Labels;
  colour: StateColour | null;
  current: boolean;
}

/** One arrow of the diagram: a transition from one state to another. */
export interface DiagramArrow {
  key: string;
  from: string;
  to: string;
  action: Labels;
}

/** The entity's workflow, when it declares one. */
export function workflowOf(entity: Entity): Workflow | null {
  return entity.workflow ?? null;
}

/** The states in declaration order (the current one marked) and an arrow per transition and state it leaves from. */
export function workflowDiagram(workflow: Workflow, current: string | null): { states: DiagramState[]; arrows: DiagramArrow[] } {
  const states = Object.entries(workflow.states).map(([key, s]) => ({ key, label: s.label, colour: s.colour ?? null, current: key === current }));
  const arrows = Object.entries(workflow.transitions).flatMap(([key, t]) => t.from.map((from) => ({ key, from, to: t.to, action: t.action })));
  return { states, arrows };
}

/** A state's label and colour (a state the declaration no longer has: its key, no colour). */
export function stateOf(workflow: Workflow, key: string): { label: Labels | null; colour: StateColour | null } {
  const state = workflow.states[key];
  return state ? { label: state.label, colour: state.colour ?? null } : { label: null, colour: null };
}

/** The colour of the state's due time, as tasks are coloured: red when past, yellow when near, green otherwise; null without one. */
export function dueStatus(dueAt: string | null, now: number): RygStatus | null {
  return dueAt === null ? null : rygStatus(dueAt, now);
}

/** Why a transition cannot be taken yet: its condition is not met, or these fields need a value first; null when it can. */
export function blockedReason(transition: TransitionDto): { condition: boolean; requires: string[] } | null {
  const blocked = transition.blocked;
  if (!blocked || (!blocked.condition && blocked.requires.length === 0)) return null;
  return { condition: blocked.condition, requires: blocked.requires };
}

/** Whether taking the transition asks the user first: a question, or a comment. */
export function asksFirst(transition: TransitionDto): boolean {
  return transition.confirm !== undefined || transition.comment !== 'none';
}

/** The refusal of a board's move for which the user has no transition (said in the user's language: records.workflow.noTransition). */
export const NO_TRANSITION = 'records.workflow.noTransition';

/** The refusal of a board's move to a state whose transition is blocked (records.workflow.blockedMove). */
export const BLOCKED_TRANSITION = 'records.workflow.blockedMove';

/** The transition that takes a record to `to`, among those the caller may take: the first not blocked, else the first blocked (its refusal). */
export function transitionTo(transitions: readonly TransitionDto[], to: string): { transition: TransitionDto } | { refusal: RecordsFailure } {
  const towards = transitions.filter((t) => t.to === to);
  const open = towards.filter((t) => blockedReason(t) === null);
  const chosen = open.find((t) => t.decision !== 'reject') ?? open[0];
  if (chosen) return { transition: chosen };
  const blocked = towards[0];
  if (blocked) return { refusal: new RecordsFailure(BLOCKED_TRANSITION, 'This move cannot be made yet', { transition: blocked.key, requires: blockedReason(blocked)?.requires.join(',') ?? '' }) };
  return { refusal: new RecordsFailure(NO_TRANSITION, 'You may not move this record to that state', { to }) };
}

/** What a transition being asked about holds: the record it is for, the question, the comment typed so far. */
export interface PendingTransition {
  name: string;
  version: number;
  transition: TransitionDto;
  comment: string;
  /** A required comment was left empty when the user tried to send. */
  commentMissing: boolean;
  sending: boolean;
  refusal: RecordsFailure | null;
}

export interface TransitionFlowState {
  pending: PendingTransition | null;
}

/** Sends a transition of a record (POST …/transition). */
export type SendTransition = (name: string, body: { transition: string; version: number; comment?: string }) => Promise<RecordDetail>;

/**
 * Taking a transition: at once when it asks nothing, else after the
 * dialog's question is answered and its comment typed (a required comment
 * cannot be sent empty). `take` resolves with the record as the server
 * answers it after the transition, or null when the user cancelled or the
 * server refused (the refusal stays in the dialog when one is open, and is
 * thrown otherwise, for the caller to show).
 */
export class TransitionFlow extends Model<TransitionFlowState> {
  readonly #send: SendTransition;
  #resolve: ((detail: RecordDetail | null) => void) | null = null;

  constructor(send: SendTransition) {
    super({ pending: null });
    this.#send = send;
  }

  /** Takes a transition of the record at `version`; asks first when the transition says so. */
  take(name: string, version: number, transition: TransitionDto): Promise<RecordDetail | null> {
    this.#finish(null);
    if (!asksFirst(transition)) return this.#send(name, { transition: transition.key, version }).catch((error: unknown) => Promise.reject(failureOf(error)));
    this.update({ pending: { name, version, transition, comment: '', commentMissing: false, sending: false, refusal: null } });
    return new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Types in the dialog's comment box. */
  setComment(comment: string): void {
    const pending = this.getState().pending;
    if (pending) this.update({ pending: { ...pending, comment, commentMissing: pending.commentMissing && comment.trim() === '' } });
  }

  /** The dialog's confirming button: sends the transition with the comment (a required one must not be empty). */
  async confirm(): Promise<void> {
    const pending = this.getState().pending;
    if (!pending || pending.sending) return;
    const comment = pending.comment.trim();
    if (pending.transition.comment === 'required' && comment === '') {
      this.update({ pending: { ...pending, commentMissing: true } });
      return;
    }
    this.update({ pending: { ...pending, sending: true, refusal: null } });
    try {
      const body = { transition: pending.transition.key, version: pending.version, ...(comment !== '' && pending.transition.comment !== 'none' ? { comment } : {}) };
      const detail = await this.#send(pending.name, body);
      this.update({ pending: null });
      this.#finish(detail);
    } catch (error) {
      const now = this.getState().pending;
      if (now) this.update({ pending: { ...now, sending: false, refusal: failureOf(error) } });
    }
  }

  /** Closes the dialog without taking the transition. */
  cancel(): void {
    if (this.getState().pending === null) return;
    this.update({ pending: null });
    this.#finish(null);
  }

  #finish(detail: RecordDetail | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(detail);
  }
}
