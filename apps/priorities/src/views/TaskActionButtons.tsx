import { useTranslation } from '@atrium/app-kit';
import type { TaskItem } from '@atrium/shared';
import type { JSX, KeyboardEvent } from 'react';
import type { PrioritiesModel } from '../model/PrioritiesModel.js';
import type { TaskActions } from '../model/taskList.js';
import { Icon, type IconName } from './icons.js';

interface ActionProps {
  id: 'edit' | 'comments' | 'snooze' | 'complete';
  icon: IconName;
  label: string;
  /** Why it is greyed; absent when it can be used. */
  disabledReason?: string | null;
  busy?: boolean;
  tabbable: boolean;
  onRun(): void;
}

function ActionButton({ id, icon, label, disabledReason, busy, tabbable, onRun }: ActionProps): JSX.Element {
  const disabled = !!disabledReason || !!busy;
  return (
    <button
      type="button"
      className={`prt-action prt-action--${id}`}
      aria-label={label}
      title={disabledReason ?? label}
      aria-disabled={disabled || undefined}
      aria-busy={busy || undefined}
      tabIndex={tabbable ? 0 : -1}
      data-testid={`priorities.action.${id}`}
      data-action={id}
      onClick={(event) => {
        // The row does not take the click as its own.
        event.stopPropagation();
        if (!disabled) onRun();
      }}
    >
      <Icon name={icon} />
      <span className="prt-action__label" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}

/**
 * A task's actions: Edit, Comments, Snooze (or unsnooze and extend in the
 * snoozed view) and Complete. A greyed action says why in its tooltip and
 * does nothing. Left and Right move between them.
 */
export function TaskActionButtons({ model, task, actions, completing, tabbable }: { model: PrioritiesModel; task: TaskItem; actions: TaskActions; completing: boolean; tabbable: boolean }): JSX.Element {
  const { t } = useTranslation();
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'ArrowLeft' && index === 0) {
      // Back to the row.
      (event.currentTarget.closest('[role="row"]') as HTMLElement | null)?.focus();
      return;
    }
    buttons[Math.min(buttons.length - 1, index + (event.key === 'ArrowRight' ? 1 : -1))]?.focus();
  };
  return (
    <div className="prt-actions" onKeyDown={handleKeyDown}>
      <ActionButton id="edit" icon="edit" label={t('priorities.actions.edit')} tabbable={tabbable} onRun={() => void model.edit(task)} />
      <ActionButton id="comments" icon="comments" label={t('priorities.actions.comments')} tabbable={tabbable} onRun={() => model.comments(task)} />
      <ActionButton
        id="snooze"
        icon="snooze"
        label={t(actions.snooze.kind === 'manage' ? 'priorities.actions.manage' : 'priorities.actions.snooze')}
        disabledReason={actions.snooze.enabled ? null : t('priorities.actions.snoozeOff')}
        tabbable={tabbable}
        onRun={() => void model.snooze(task)}
      />
      <ActionButton
        id="complete"
        icon="complete"
        label={t('priorities.actions.complete')}
        disabledReason={actions.complete ? null : t('priorities.actions.completeOff')}
        busy={completing}
        tabbable={tabbable}
        onRun={() => void model.complete(task)}
      />
    </div>
  );
}
