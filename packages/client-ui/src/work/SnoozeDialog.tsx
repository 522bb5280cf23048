import { SnoozeModel, type SnoozeMode, type SnoozeState } from '@atrium/client-core';
import { snoozePresets, type SnoozePreset } from '@atrium/shared';
import { useEffect, useId, useRef, type FormEvent, type JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { ModalOverlay } from '../desktop/ModalOverlay.js';
import { useObservable } from '../hooks/useObservable.js';
import { useOwnedModel } from '../hooks/useOwnedModel.js';
import { useCataloguePart } from '../i18n/useCataloguePart.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAppTitle, useDateFormat, useProblemText } from './workFormat.js';
import './WorkDialogs.css';

/** A time as a date-time picker shows it: local time to the minute ('2026-03-12T14:30'). */
export function toPickerValue(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const MINUTE = 60_000;

/**
 * The snooze dialog (docs/behaviour/work.md#snooze), 550 px wide (450 px on
 * small screens), fetched when first opened: snoozes a task until a date
 * and time, or for a snoozed task extends its snooze or ends it. The picker
 * offers only dates the shared rule allows; what the server refuses is
 * shown with its text. Opened by the notification centre's Snooze and by
 * applications (Desktop.tasks.showSnooze).
 */
export default function SnoozeDialog({ taskId, mode }: { taskId: string; mode: SnoozeMode | null }): JSX.Element | null {
  const ready = useCataloguePart('work');
  const { work, now, packages } = useDesktop();
  const model = useOwnedModel(() => {
    const created = new SnoozeModel({ client: packages.desktop.tasks, clock: { now }, taskId, mode });
    void created.load();
    return created;
  }, [taskId, mode]);
  if (!ready || !model) return null;
  return <Dialog model={model} onClose={() => work.closeDialog()} />;
}

/** The task: its name, application, end date and the snooze it has. */
function TaskSummary({ task }: { task: NonNullable<SnoozeState['task']> }): JSX.Element {
  const { t } = useTranslation();
  const { now } = useDesktop();
  const date = useDateFormat();
  const appTitle = useAppTitle();
  return (
    <div className="atr-work-dialog__task">
      <p className="atr-work-dialog__name">{task.task_name}</p>
      <p className="atr-work-dialog__meta">
        {appTitle(task.appName)}
        {task.end_date && ` · ${t('work.snoozeDialog.end', { date: date(task.end_date) })}`}
      </p>
      {task.snoozed_till && Date.parse(task.snoozed_till) > now() && (
        <p className="atr-work-dialog__meta" data-testid="work.snoozeDialog.current">
          {t('work.snoozeDialog.current', { date: date(task.snoozed_till) })}
        </p>
      )}
    </div>
  );
}

/** For a snoozed task: extend its snooze (when the rule allows) or end it. */
function Modes({ model, mode, allowed }: { model: SnoozeModel; mode: SnoozeMode; allowed: boolean }): JSX.Element {
  const { t } = useTranslation();
  return (
    <fieldset className="atr-work-dialog__modes">
      <legend className="atr-work-dialog__legend">{t('work.snoozeDialog.mode')}</legend>
      {(['extend', 'unsnooze'] as const).map((option) => (
        <label key={option} className="atr-work-dialog__mode">
          <input type="radio" name="mode" value={option} checked={mode === option} disabled={option === 'extend' && !allowed} data-testid={`work.snoozeDialog.${option}`} onChange={() => model.setMode(option)} />
          {t(option === 'extend' ? 'work.snoozeDialog.modeExtend' : 'work.snoozeDialog.modeUnsnooze')}
        </label>
      ))}
    </fieldset>
  );
}

const PRESET_KEYS: Record<SnoozePreset, string> = {
  hour: 'work.snoozeDialog.presetHour',
  tomorrow: 'work.snoozeDialog.presetTomorrow',
  nextWeek: 'work.snoozeDialog.presetNextWeek',
};

/**
 * The quick choices beside the date (docs/behaviour/workflows.md#snooze-presets):
 * in one hour, tomorrow morning, next week. One the rule refuses is
 * disabled and says why; one chosen sets the date.
 */
function Presets({ model, task, mode, until }: { model: SnoozeModel; task: NonNullable<SnoozeState['task']>; mode: SnoozeMode; until: number | null }): JSX.Element | null {
  const { t } = useTranslation();
  const { now } = useDesktop();
  const date = useDateFormat();
  const legendId = useId();
  if (task.end_date === null) return null;
  const current = mode === 'extend' && task.snoozed_till ? Date.parse(task.snoozed_till) : null;
  const choices = snoozePresets(now(), task.end_date, current);
  return (
    <div className="atr-work-dialog__presets" role="group" aria-labelledby={legendId} data-testid="work.snoozeDialog.presets">
      <span id={legendId} className="atr-field__label">
        {t('work.snoozeDialog.presets')}
      </span>
      <div className="atr-work-dialog__preset-list">
        {choices.map((choice) => (
          <button
            key={choice.preset}
            type="button"
            className="atr-button atr-button--secondary atr-work-dialog__preset"
            disabled={choice.refused !== null}
            aria-pressed={choice.refused === null && until === choice.until}
            data-testid={`work.snoozeDialog.preset.${choice.preset}`}
            onClick={() => model.setUntil(choice.until)}
          >
            <span>{t(PRESET_KEYS[choice.preset])}</span>
            <span className="atr-work-dialog__preset-when">
              {choice.refused === null ? date(choice.until) : t(choice.refused === 'afterEnd' ? 'work.snoozeDialog.presetAfterEnd' : 'work.snoozeDialog.presetNotLater')}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

function Dialog({ model, onClose }: { model: SnoozeModel; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const state = useObservable(model);
  const problemText = useProblemText();
  const titleId = useId();
  const ruleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { task, mode, until, min, max, allowed, problem, status } = state;
  // Extend and unsnooze are the modes of a snoozed task.
  const snoozed = mode !== 'snooze';

  // Once the task has arrived, the picker takes the focus the dialog held.
  useEffect(() => {
    if (status === 'ready' && document.activeElement?.getAttribute('role') === 'dialog') input.current?.focus({ preventScroll: true });
  }, [status]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await model.save()) onClose();
  };

  const canSave = model.canSave();
  const invalid = mode !== 'unsnooze' && until !== null && allowed && !canSave;
  return (
    <ModalOverlay labelledBy={titleId} describedBy={ruleId} onDismiss={onClose} className="atr-work-dialog atr-work-dialog--snooze" testId="work.snoozeDialog">
      <form className="atr-work-dialog__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <h2 id={titleId} className="atr-modal__title">
          {t(snoozed ? 'work.snoozeDialog.extendTitle' : 'work.snoozeDialog.title')}
        </h2>
        <div className="atr-modal__body">
          {status === 'loading' && <p role="status">{t('work.snoozeDialog.loading')}</p>}
          {task && <TaskSummary task={task} />}
          {task && mode !== 'snooze' && <Modes model={model} mode={mode} allowed={allowed} />}
          {task && mode !== 'unsnooze' && (
            <div className="atr-field">
              <label htmlFor={inputId} className="atr-field__label">
                {t('work.snoozeDialog.until')}
              </label>
              <input
                ref={input}
                id={inputId}
                className="atr-input"
                type="datetime-local"
                value={until === null ? '' : toPickerValue(until)}
                min={toPickerValue(min + MINUTE)}
                max={max === null ? undefined : toPickerValue(max)}
                disabled={!allowed}
                aria-invalid={invalid}
                aria-describedby={ruleId}
                data-testid="work.snoozeDialog.until"
                onChange={(event) => model.setUntil(event.target.value ? new Date(event.target.value).getTime() : null)}
              />
            </div>
          )}
          {task && mode !== 'unsnooze' && allowed && <Presets model={model} task={task} mode={mode} until={until} />}
          <p id={ruleId} className={`atr-work-dialog__rule${invalid ? ' atr-work-dialog__rule--invalid' : ''}`}>
            {task && (mode === 'unsnooze' ? t('work.snoozeDialog.unsnoozeText') : !allowed ? t('work.snoozeRefused') : t(mode === 'extend' ? 'work.snoozeDialog.ruleExtend' : 'work.snoozeDialog.rule'))}
          </p>
          {problem && (
            <p className="atr-message atr-message--error" role="alert" data-testid="work.snoozeDialog.problem">
              {problemText(problem)}
            </p>
          )}
        </div>
        <div className="atr-modal__actions">
          <button type="button" className="atr-button atr-button--secondary" data-testid="work.snoozeDialog.cancel" onClick={onClose}>
            {t('work.snoozeDialog.cancel')}
          </button>
          <button type="submit" className="atr-button atr-button--primary" disabled={!canSave || status === 'saving'} data-testid="work.snoozeDialog.save">
            {t('work.snoozeDialog.save')}
          </button>
        </div>
      </form>
    </ModalOverlay>
  );
}
