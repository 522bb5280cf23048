import { RygIcon, useTranslation, type TFunction } from '@atrium/app-kit';
import { labelOf, type ApproverDto, type Entity, type RecordWorkflowDto, type TransitionDto, type Workflow } from '@atrium/shared/apps';
import { useEffect, useId, useMemo, useState, type JSX } from 'react';
import type { FormModel, FormState } from '../../model/FormModel.js';
import { blockedReason, dueStatus, stateOf } from '../../model/workflow.js';
import type { PickerSources } from '../FieldInput.js';
import { Picker } from '../Picker.js';
import { useLanguageTag } from '../viewHelpers.js';
import { WorkflowDiagram } from './WorkflowDiagram.js';
import { stateLabel, workflowFailureText } from './workflowText.js';
import '../viewsCommon.css';
import './workflow.css';

/** A moment as the user's language writes a date and time. */
function useMoment(): (iso: string) => string {
  const tag = useLanguageTag();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : format.format(new Date(iso)));
  }, [tag]);
}

/** The state as a badge in its declared colour. */
export function StateBadge({ workflow, state }: { workflow: Workflow; state: string }): JSX.Element {
  const { t, language } = useTranslation();
  const { colour } = stateOf(workflow, state);
  return (
    <span className={`rec-wf-badge${colour ? ` atk-choice--${colour}` : ''}`} data-testid="records.workflow.state" data-state={state}>
      <span className="atk-hidden">{t('records.workflow.state', { state: '' })}</span>
      {stateLabel(workflow, state, language)}
    </span>
  );
}

/** The time now, told again every minute (a due time's colour changes as time goes). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Since when the record is in its state, and by when its work is due (coloured as tasks are). */
function StateTimes({ current }: { current: RecordWorkflowDto }): JSX.Element {
  const { t } = useTranslation();
  const now = useNow();
  const moment = useMoment();
  const due = dueStatus(current.dueAt, now);
  return (
    <>
      <span className="rec-wf-muted" data-testid="records.workflow.entered">
        {t('records.workflow.entered', { date: moment(current.enteredAt) })}
      </span>
      {current.dueAt !== null && due !== null && (
        <span className={`rec-wf-due rcv-ryg--${due.toLowerCase()}`} data-testid="records.workflow.due" data-colour={due}>
          <RygIcon colour={due} width={16} height={16} aria-hidden="true" />
          {t('records.workflow.due', { date: moment(current.dueAt) })}
          <span className="atk-hidden">, {t(`records.workflow.dueStatus.${due}`)}</span>
        </span>
      )}
    </>
  );
}

/** Who the state's work is with; with the right to reassign, each can be given to someone else. */
function Assignees({ model, state, sources }: { model: FormModel; state: FormState; sources: PickerSources }): JSX.Element {
  const { t } = useTranslation();
  const current = state.workflow!;
  const [picking, setPicking] = useState<string | null>(null);
  const name = (id: string) => state.people[id] ?? sources.people[id] ?? t('records.workflow.unknownUser');
  return (
    <div className="rec-wf-assignees" data-testid="records.workflow.assignees">
      <span className="rec-wf-muted">{t('records.workflow.assignees')}</span>
      {current.assignees.length === 0 && <span>{t('records.workflow.noAssignees')}</span>}
      <ul className="rec-wf-people">
        {current.assignees.map((id) => (
          <li key={id} data-testid="records.workflow.assignee" data-user={id}>
            <span>{name(id)}</span>
            {current.mayReassign && picking !== id && (
              <button type="button" className="rec-button rec-button--quiet" disabled={state.workflowBusy} onClick={() => setPicking(id)} data-testid="records.workflow.reassign">
                {t('records.workflow.reassign')}
              </button>
            )}
            {picking === id && <Reassign from={id} fromName={name(id)} model={model} sources={{ ...sources, people: { ...sources.people, ...state.people } }} done={() => setPicking(null)} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The choice of the member an assignee's work goes to (the user fields' picker), then Reassign. */
function Reassign({ from, fromName, model, sources, done }: { from: string; fromName: string; model: FormModel; sources: PickerSources; done(): void }): JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const [to, setTo] = useState<string | null>(null);
  return (
    <span className="rec-wf-reassign" data-testid="records.workflow.reassignTo">
      <label htmlFor={id}>{t('records.workflow.reassignOf', { name: fromName })}</label>
      <Picker id={id} value={to} known={sources.people} search={sources.searchPeople} searchLabel={t('records.form.searchPeople')} readOnly={false} invalid={false} onChange={setTo} onBlur={() => undefined} />
      <button type="button" className="rec-button atk-primary" disabled={to === null || to === from} onClick={() => to !== null && void model.reassign(from, to).then((ok) => ok && done())} data-testid="records.workflow.reassignSend">
        {t('records.workflow.reassignSend')}
      </button>
      <button type="button" className="rec-button rec-button--quiet" onClick={done}>
        {t('records.workflow.cancel')}
      </button>
    </span>
  );
}

/** Why a step cannot be taken yet: its condition, or the fields to fill in first (by their labels). */
function blockedText(t: TFunction, entity: Entity, transition: TransitionDto, language: string): string | null {
  const reason = blockedReason(transition);
  if (reason === null) return null;
  if (reason.requires.length === 0) return t('records.workflow.blockedCondition');
  const labels = reason.requires.map((key) => (entity.fields[key] ? labelOf(entity.fields[key].label, language) : key));
  return t('records.workflow.blockedRequires', { fields: labels.join(', ') });
}

/** The steps the user may take from the state, as buttons; a blocked one disabled, with why beside it. */
function Steps({ model, state, entity }: { model: FormModel; state: FormState; entity: Entity }): JSX.Element | null {
  const { t, language } = useTranslation();
  const base = useId();
  const current = state.workflow!;
  const deleted = state.record?.deletedAt !== undefined;
  if (current.transitions.length === 0 || deleted) return null;
  return (
    <div className="rec-wf-steps" role="group" aria-label={t('records.workflow.actions')} data-testid="records.workflow.transitions">
      {current.transitions.map((transition, index) => {
        const why = blockedText(t, entity, transition, language);
        const whyId = `${base}-${index}`;
        return (
          <span key={transition.key} className="rec-wf-step">
            <button
              type="button"
              className={`rec-button${transition.decision === 'reject' ? ' rec-button--danger' : index === 0 ? ' atk-primary' : ''}`}
              disabled={why !== null || state.saving}
              aria-describedby={why === null ? undefined : whyId}
              onClick={() => void model.takeTransition(transition.key)}
              data-testid="records.workflow.transition"
              data-transition={transition.key}
            >
              {labelOf(transition.action, language)}
            </button>
            {why !== null && (
              <span id={whyId} className="rec-wf-muted rec-wf-blocked" data-testid="records.workflow.blocked">
                {why}
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}

/** One approver: their name (for whom they stand in), their decision, when, and their comment. */
function Approver({ approver, people }: { approver: ApproverDto; people: Readonly<Record<string, string>> }): JSX.Element {
  const { t } = useTranslation();
  const moment = useMoment();
  const name = (id: string) => people[id] ?? t('records.workflow.unknownUser');
  const decision = approver.decision ?? 'waiting';
  return (
    <li className={`rec-wf-approver rec-wf-approver--${decision}`} data-testid="records.workflow.approver" data-user={approver.userId} data-decision={decision}>
      <span className="rec-wf-approver__name">
        {name(approver.userId)}
        {approver.delegatedFrom !== null && <span className="rec-wf-muted"> {t('records.workflow.delegatedFor', { name: name(approver.delegatedFrom) })}</span>}
      </span>
      <span className="rec-wf-approver__decision">{t(`records.workflow.decision.${decision}`)}</span>
      {approver.at !== null && <span className="rec-wf-muted">{moment(approver.at)}</span>}
      {approver.comment !== null && approver.comment !== '' && <q className="rec-wf-approver__comment">{approver.comment}</q>}
    </li>
  );
}

/** The state's approval: how many approved of how many needed, and each approver's decision. */
function Approvals({ state }: { state: FormState }): JSX.Element | null {
  const { t } = useTranslation();
  const headingId = useId();
  const approval = state.workflow?.approval;
  if (!approval) return null;
  const count = approval.approvers.filter((a) => a.decision === 'approve').length;
  return (
    <section className="rec-wf-approvals" aria-labelledby={headingId} data-testid="records.workflow.approvals">
      <h3 id={headingId} className="rec-wf-heading" data-testid="records.workflow.approvalCount">
        {t('records.workflow.approvals', { count, needed: approval.needed })}
      </h3>
      <ul className="rec-wf-approvers" aria-label={t('records.workflow.approvers')}>
        {approval.approvers.map((approver) => (
          <Approver key={`${approver.userId}-${approver.delegatedFrom ?? ''}`} approver={approver} people={state.people} />
        ))}
      </ul>
    </section>
  );
}

/** Follow / Following: a toggle of the user's following of the record. */
function FollowButton({ model, state }: { model: FormModel; state: FormState }): JSX.Element | null {
  const { t } = useTranslation();
  if (state.following === null || state.record === null) return null;
  return (
    <button type="button" className="rec-button rec-wf-follow" aria-pressed={state.following} aria-disabled={state.workflowBusy || undefined} onClick={() => {
        // Not `disabled` while it is sent: a disabled button would drop the keyboard's focus.
        if (!state.workflowBusy) void model.follow(!state.following);
      }} data-testid="records.workflow.follow">
      {state.following ? t('records.workflow.following') : t('records.workflow.follow')}
    </button>
  );
}

/**
 * A record's workflow above its form's fields (docs/behaviour/workflows.md#in-the-runtime):
 * its state as a coloured badge, since when and by when, who has its work
 * (each reassignable with the right to), the steps the user may take,
 * Follow, the state's approvals and the diagram of every state and step.
 * A new state is said in a live region; a refused step, follow or
 * reassign is shown until dismissed.
 */
export function WorkflowPanel({ model, state, entity, sources }: { model: FormModel; state: FormState; entity: Entity; sources: PickerSources }): JSX.Element | null {
  const { t, language } = useTranslation();
  const workflow = entity.workflow;
  const current = state.workflow;
  if (!workflow || !current || state.record === null) return null;
  return (
    <section className="rcv rec-wf" aria-label={t('records.workflow.label')} data-testid="records.workflow">
      <div className="rec-wf-head">
        <StateBadge workflow={workflow} state={current.state} />
        <StateTimes current={current} />
        <FollowButton model={model} state={state} />
      </div>
      <Assignees model={model} state={state} sources={sources} />
      <Steps model={model} state={state} entity={entity} />
      {state.workflowFailure && (
        <div className="rec-notice rec-notice--error" role="alert" data-testid="records.workflow.failure">
          <span>{workflowFailureText(t, state.workflowFailure)}</span>
          <button type="button" className="rec-button rec-button--quiet" onClick={() => model.dismissWorkflowFailure()}>
            {t('records.workflow.dismiss')}
          </button>
        </div>
      )}
      <Approvals state={state} />
      <WorkflowDiagram workflow={workflow} current={current.state} />
      <div className="atk-hidden" aria-live="polite" aria-atomic="true" data-testid="records.workflow.live">
        {state.entered ? <span key={state.entered.count}>{t('records.workflow.enteredState', { state: stateLabel(workflow, state.entered.state, language) })}</span> : null}
      </div>
    </section>
  );
}
