import { FailureState, useTranslation } from '@atrium/app-kit';
import type { JSX } from 'react';
import { refusalText } from '../model/refusal.js';
import type { WidgetModel, WidgetState } from '../model/WidgetModel.js';

/**
 * What a widget shows instead of its figures (docs/behaviour/dashboards.md#widget-states):
 * loading (with Cancel), stopped, empty, failed with the server's text and
 * the details behind a disclosure, or stopped by the server for taking
 * too long; each failure with Retry. Null when the figures are there.
 */
export function WidgetStateView({ widget, state }: { widget: WidgetModel; state: WidgetState }): JSX.Element | null {
  const { t } = useTranslation();
  const retry = { label: t('dashboards.widget.retry'), onRetry: () => void widget.retry() };
  const details = state.error ? { label: t('dashboards.widget.details'), text: state.error.details } : undefined;
  switch (state.status) {
    case 'loading':
      return (
        <div className="atk-state dsh-state" role="status" data-testid="widget.loading">
          <span className="atk-spinner atk-spinner--small" aria-hidden="true" />
          <span className="atk-state__text">{t('dashboards.widget.loading')}</span>
          <button type="button" className="dsh-button" onClick={() => widget.cancel()} data-testid="widget.cancel">
            {t('dashboards.widget.cancel')}
          </button>
        </div>
      );
    case 'cancelled':
      return (
        <div className="atk-state dsh-state" data-testid="widget.cancelled">
          <span className="atk-state__text">{t('dashboards.widget.cancelled')}</span>
          <button type="button" className="dsh-button" onClick={retry.onRetry} data-testid="widget.retry">
            {retry.label}
          </button>
        </div>
      );
    case 'empty':
      return (
        <div className="atk-state dsh-state" data-testid="widget.empty">
          <span className="atk-state__text">{t('dashboards.widget.empty')}</span>
        </div>
      );
    case 'failed':
    case 'timedOut':
      return (
        <FailureState
          className="dsh-state"
          title={t(state.status === 'timedOut' ? 'dashboards.widget.timedOutTitle' : 'dashboards.widget.failed')}
          reason={state.status === 'timedOut' ? t('dashboards.widget.timedOut') : state.error ? refusalText(state.error, t) : undefined}
          retry={retry}
          details={details}
          testIds={{ root: 'widget.failed', retry: 'widget.retry', details: 'widget.details', detailsText: 'widget.detailsText' }}
        />
      );
    default:
      return null;
  }
}
