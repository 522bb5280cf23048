import { FailureState, useModel, useTranslation } from '@atrium/app-kit';
import type { DashboardSharing, DashboardSummary } from '@atrium/shared/dashboards';
import type { JSX } from 'react';
import type { DashboardListModel } from '../model/DashboardListModel.js';
import { refusalText } from '../model/refusal.js';
import { textOf } from '../model/DashboardModel.js';

export interface ListViewProps {
  model: DashboardListModel;
  onOpen(uuid: string): void;
  /** Makes a new dashboard (the editor); absent: not offered. */
  onCreate?(): void;
}

function sharingText(t: (key: string, vars?: Record<string, unknown>) => string, sharing: DashboardSharing): string {
  return sharing.kind === 'role' ? t('dashboards.list.sharing.role', { role: sharing.role, app: sharing.app }) : t(`dashboards.list.sharing.${sharing.kind}`);
}

function Item({ dashboard, onOpen }: { dashboard: DashboardSummary; onOpen(uuid: string): void }): JSX.Element {
  const { t, language } = useTranslation();
  const title = textOf(dashboard.title, language);
  return (
    <li className="dsh-item" data-testid="list.item">
      <button type="button" className="dsh-item__open" onClick={() => onOpen(dashboard.uuid)} aria-label={t('dashboards.list.open', { title })}>
        <span className="dsh-item__title">{title}</span>
      </button>
      {dashboard.description && <p className="dsh-item__description">{textOf(dashboard.description, language)}</p>}
      <p className="dsh-item__meta">
        <span>{sharingText(t, dashboard.sharing)}</span>
        <span>{t('dashboards.list.widgets', { count: dashboard.widgets })}</span>
        {dashboard.owner && <span>{t('dashboards.list.owner', { name: dashboard.owner.name })}</span>}
      </p>
    </li>
  );
}

/** The dashboards the user sees (docs/behaviour/dashboards.md#the-list): title, description, who it is shared with, how many widgets; a click opens one. */
export function ListView({ model, onOpen, onCreate }: ListViewProps): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  return (
    <div className="dsh-list" data-testid="list" data-status={state.status}>
      <header className="dsh-bar">
        <h2 className="dsh-title">{t('dashboards.list.heading')}</h2>
        <button type="button" className="dsh-button" onClick={() => void model.load()} data-testid="list.refresh">
          {t('dashboards.list.refresh')}
        </button>
        {onCreate && (
          <button type="button" className="dsh-button atk-primary" onClick={onCreate} data-testid="list.new">
            {t('dashboards.list.new')}
          </button>
        )}
      </header>
      {state.status === 'loading' && state.dashboards.length === 0 && (
        <div className="atk-state" role="status">
          <span className="atk-spinner" aria-hidden="true" />
          <span className="atk-state__text">{t('dashboards.list.loading')}</span>
        </div>
      )}
      {state.status === 'failed' && (
        <FailureState
          title={t('dashboards.list.failed')}
          reason={state.error ? refusalText(state.error, t) : undefined}
          retry={{ label: t('dashboards.widget.retry'), onRetry: () => void model.load() }}
          details={state.error ? { label: t('dashboards.widget.details'), text: state.error.details } : undefined}
          testIds={{ root: 'list.failed', retry: 'list.retry' }}
        />
      )}
      {state.status === 'ready' && state.dashboards.length === 0 && (
        <div className="atk-state" data-testid="list.empty">
          <span className="atk-state__text">{t('dashboards.list.empty')}</span>
        </div>
      )}
      {state.status !== 'failed' && state.dashboards.length > 0 && (
        <ul className="dsh-items">
          {state.dashboards.map((d) => (
            <Item key={d.uuid} dashboard={d} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}
