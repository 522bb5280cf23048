import { ArrowLeftIcon, FailureState, useModel, useTranslation } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { DashboardModel, DashboardState } from '../model/DashboardModel.js';
import { drillFailureText } from '../model/drill.js';
import { Chips, DashboardFilters } from './Filters.js';
import { RangePicker } from './RangePicker.js';
import { refusalText } from '../model/refusal.js';
import { WidgetCard } from './WidgetCard.js';

export interface DashboardViewProps {
  model: DashboardModel;
  today: string;
  /** Back to the list of dashboards; absent (the home widget): no Back. */
  onBack?(): void;
  /** Edit the dashboard (offered only when the user may change it); absent (the home widget): no Edit. */
  onEdit?(dashboardUuid: string): void;
}

function DrillFailure({ model, state }: { model: DashboardModel; state: DashboardState }): JSX.Element | null {
  const { t } = useTranslation();
  if (state.drillFailure === null) return null;
  return (
    <div className="dsh-notice" role="alert" data-testid="dashboard.drillFailure">
      <span>{drillFailureText(state.drillFailure, t)}</span>
      <button type="button" className="dsh-button" onClick={() => model.dismissDrillFailure()}>
        {t('dashboards.drill.dismiss')}
      </button>
    </div>
  );
}

/**
 * An open dashboard (docs/behaviour/dashboards.md#a-dashboard): its title
 * (a drill's title when one set it), Edit for those who may change it, the
 * time range and the dashboard's filters, the chips of the filters in
 * force, and its widgets in a grid of twelve columns (one below 640 px).
 */
export function DashboardView({ model, today, onBack, onEdit }: DashboardViewProps): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const dashboard = state.dashboard;
  return (
    <div className="dsh-dashboard" data-testid="dashboard" data-status={state.status}>
      <header className="dsh-bar">
        {onBack && (
          <button type="button" className="dsh-button dsh-back" onClick={onBack} title={t('dashboards.dashboard.back')} data-testid="dashboard.back">
            <ArrowLeftIcon width={16} height={16} aria-hidden="true" />
            <span className="dsh-back__text">{t('dashboards.dashboard.back')}</span>
          </button>
        )}
        <h2 className="dsh-title" data-testid="dashboard.title">
          {state.title}
        </h2>
        {state.status === 'ready' && (
          <button type="button" className="dsh-button" onClick={() => model.reload()} data-testid="dashboard.refresh">
            {t('dashboards.dashboard.refresh')}
          </button>
        )}
        {onEdit && dashboard?.mayEdit && (
          <button type="button" className="dsh-button" onClick={() => onEdit(dashboard.uuid)} data-testid="dashboard.edit">
            {t('dashboards.dashboard.edit')}
          </button>
        )}
      </header>
      {state.status === 'loading' && (
        <div className="atk-state" role="status">
          <span className="atk-spinner" aria-hidden="true" />
          <span className="atk-state__text">{t('dashboards.dashboard.loading')}</span>
        </div>
      )}
      {state.status === 'failed' && (
        <FailureState
          title={t('dashboards.dashboard.failed')}
          reason={state.error ? refusalText(state.error, t) : undefined}
          retry={state.error?.notFound ? undefined : { label: t('dashboards.widget.retry'), onRetry: () => void model.retry() }}
          details={state.error ? { label: t('dashboards.widget.details'), text: state.error.details } : undefined}
          testIds={{ root: 'dashboard.failed' }}
        />
      )}
      {state.status === 'ready' && dashboard && (
        <>
          <div className="dsh-toolbar">
            <RangePicker value={state.timeRange} today={today} onChange={(range) => model.setTimeRange(range)} />
            <DashboardFilters model={model} state={state} />
          </div>
          <Chips model={model} state={state} />
          <DrillFailure model={model} state={state} />
          <div className="dsh-grid" role="list" aria-label={t('dashboards.dashboard.widgets')}>
            {state.slots.map((slot) => (
              <div role="listitem" key={slot.id} className="dsh-cell" style={cellPlacement(dashboard.definition.widgets.find((w) => w.id === slot.id)?.position)}>
                <WidgetCard model={model} slot={slot} definition={dashboard.definition} datasets={state.datasets} />
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** Where a widget sits in the grid of twelve columns and rows of about 80 px (a narrow window stacks them in order). */
function cellPlacement(position: { x: number; y: number; w: number; h: number } | undefined): Record<string, string | number> {
  const p = position ?? { x: 0, y: 0, w: 12, h: 3 };
  return { gridColumn: `${p.x + 1} / span ${p.w}`, gridRow: `${p.y + 1} / span ${p.h}`, '--dsh-rows': p.h };
}
