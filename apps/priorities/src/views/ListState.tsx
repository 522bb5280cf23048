import { useTranslation } from '@atrium/app-kit';
import { useId, useState, type JSX } from 'react';
import type { PrioritiesModel, PrioritiesState } from '../model/PrioritiesModel.js';
import { Icon } from './icons.js';

/**
 * What shows instead of rows: the first load, an empty view (with a way
 * back to every colour when one is chosen), or why the tasks could not be
 * loaded, what to do (Try again) and the technical details behind a
 * disclosure.
 */
export function ListState({ model, state }: { model: PrioritiesModel; state: PrioritiesState }): JSX.Element | null {
  const { t } = useTranslation();
  if (state.status === 'failed' && state.problem) return <Failed model={model} problem={state.problem} />;
  if (state.status === 'loading' && state.tasks.length === 0) {
    return (
      <div className="prt-state" role="status" data-testid="priorities.loading">
        <span className="prt-spinner" aria-hidden="true" />
        {t('priorities.list.loading')}
      </div>
    );
  }
  if (state.status === 'ready' && state.tasks.length === 0) {
    return (
      <div className="prt-state" data-testid="priorities.empty">
        <Icon name="done" className="prt-state__icon" size={40} />
        <p className="prt-state__title" role="status">
          {state.filter ? t('priorities.list.emptyFiltered', { colour: t(`priorities.colour.${state.filter}`) }) : t('priorities.list.empty')}
        </p>
        {state.filter && (
          <button type="button" className="prt-button" onClick={() => void model.setFilter(null)} data-testid="priorities.showAll">
            {t('priorities.list.showAll')}
          </button>
        )}
      </div>
    );
  }
  return null;
}

function Failed({ model, problem }: { model: PrioritiesModel; problem: NonNullable<PrioritiesState['problem']> }): JSX.Element {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const details = useId();
  return (
    <div className="prt-state prt-state--failed" data-testid="priorities.failed">
      <Icon name="warning" className="prt-state__icon" size={40} />
      <h2 className="prt-state__title">{t('priorities.failed.title')}</h2>
      <p className="prt-state__text" role="alert">
        {t(`priorities.reason.${problem.reason}`)}
      </p>
      <button type="button" className="prt-button prt-button--primary" onClick={() => void model.refresh()} data-testid="priorities.retry">
        {t('priorities.failed.retry')}
      </button>
      <div className="prt-disclosure">
        <button type="button" className="prt-disclosure__toggle" aria-expanded={expanded} aria-controls={expanded ? details : undefined} onClick={() => setExpanded((open) => !open)} data-testid="priorities.details">
          <Icon name="chevron" size={16} className="prt-disclosure__chevron" />
          {t('priorities.failed.details')}
        </button>
        {expanded && (
          <pre id={details} className="prt-disclosure__text" data-testid="priorities.details.text">
            {problem.code ? `${problem.code}\n${problem.message}` : problem.message}
          </pre>
        )}
      </div>
    </div>
  );
}
