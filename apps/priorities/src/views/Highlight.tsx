import { useTranslation } from '@atrium/app-kit';
import { useId, type JSX } from 'react';
import type { PrioritiesModel, PrioritiesState } from '../model/PrioritiesModel.js';
import { isSnoozed } from '../model/taskList.js';
import { ColourIcon, Icon } from './icons.js';
import { TaskActionButtons } from './TaskActionButtons.js';
import type { Formats } from './useFormats.js';

/**
 * The task the application was opened at (a search result, a link, the
 * notification centre's Edit), above the list whatever page shows: its
 * colour, name, application, end date and the same actions as its row.
 */
export function Highlight({ model, state, formats, appTitle }: { model: PrioritiesModel; state: PrioritiesState; formats: Formats; appTitle(name: string): string }): JSX.Element | null {
  const { t } = useTranslation();
  const heading = useId();
  const { highlight } = state;
  if (!highlight) return null;
  const task = highlight.task;
  return (
    <section className={`prt-highlight${task ? ` prt-highlight--${task.rygStatus.toLowerCase()}` : ''}`} aria-labelledby={heading} data-testid="priorities.highlight" data-status={highlight.status}>
      <span className="prt-bar" aria-hidden="true" />
      <div className="prt-highlight__body">
        <h2 id={heading} className="prt-highlight__title">
          {t('priorities.highlight.title')}
        </h2>
        {highlight.status === 'loading' && <p role="status">{t('priorities.highlight.loading')}</p>}
        {highlight.status === 'missing' && <p role="alert">{t('priorities.highlight.missing')}</p>}
        {task && (
          <div className="prt-highlight__task">
            <p className="prt-highlight__line">
              <span className="prt-colour">
                <ColourIcon colour={task.rygStatus} className="prt-colour__icon" />
                <span className="prt-colour__name">{t(`priorities.colour.${task.rygStatus}`)}</span>
              </span>
              <strong className="prt-task__name" data-testid="priorities.highlight.name">
                {task.task_name}
              </strong>
              <span className="prt-muted">{appTitle(task.appName)}</span>
            </p>
            <p className="prt-highlight__line">
              <span>
                <span className="prt-muted">{t('priorities.columns.endDate')}</span> {task.end_date ? formats.date(task.end_date) : t('priorities.task.noEndDate')}
              </span>
              {task.snoozed_till && isSnoozed(task, model.now()) && (
                <span>
                  <span className="prt-muted">{t('priorities.columns.snoozedUntil')}</span> {formats.date(task.snoozed_till)}
                </span>
              )}
              {task.status === 'done' && (
                <span className="prt-done" data-testid="priorities.highlight.done">
                  <Icon name="done" size={16} />
                  {t('priorities.task.completed')}
                </span>
              )}
            </p>
            {task.status === 'open' && <TaskActionButtons model={model} task={task} actions={model.actions(task)} completing={state.completing.includes(task.uuid)} tabbable />}
          </div>
        )}
      </div>
      <button type="button" className="prt-icon-button" aria-label={t('priorities.highlight.close')} title={t('priorities.highlight.close')} onClick={() => model.closeHighlight()} data-testid="priorities.highlight.close">
        <Icon name="close" />
      </button>
    </section>
  );
}
