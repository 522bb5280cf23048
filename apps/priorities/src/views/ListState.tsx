import { FailureState, useTranslation } from '@atrium/app-kit';
import type { JSX } from 'react';
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
      <div className="atk-state" role="status" data-testid="priorities.loading">
        <span className="atk-spinner" aria-hidden="true" />
        {t('priorities.list.loading')}
      </div>
    );
  }
  if (state.status === 'ready' && state.tasks.length === 0) {
    return (
      <div className="atk-state" data-testid="priorities.empty">
        <Icon name="done" className="prt-state__icon" size={40} />
        <p className="atk-state__title" role="status">
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
  return (
    <FailureState
      title={t('priorities.failed.title')}
      reason={t(`priorities.reason.${problem.reason}`)}
      retry={{ label: t('priorities.failed.retry'), onRetry: () => void model.refresh() }}
      details={{ label: t('priorities.failed.details'), text: problem.code ? `${problem.code}\n${problem.message}` : problem.message }}
      icon={<Icon name="warning" size={40} />}
      testIds={{ root: 'priorities.failed', retry: 'priorities.retry', details: 'priorities.details', detailsText: 'priorities.details.text' }}
    />
  );
}
