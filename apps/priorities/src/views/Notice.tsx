import { useTranslation } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { PrioritiesModel, PrioritiesState } from '../model/PrioritiesModel.js';
import { Icon } from './icons.js';

/**
 * What the last action did, read out by screen readers: a task completed
 * (with Undo), opened again, or why it could not be changed.
 */
export function Notice({ model, state }: { model: PrioritiesModel; state: PrioritiesState }): JSX.Element {
  const { t } = useTranslation();
  const { notice } = state;
  const failed = notice?.kind === 'failed';
  return (
    // The live regions stay in the page, so that what appears in them is read out.
    <div className="prt-notices">
      <div role="status" className="prt-notice-region">
        {notice && !failed && (
          <div className="prt-notice" data-testid="priorities.notice" data-kind={notice.kind}>
            <Icon name="done" size={16} />
            <span>{t(`priorities.notice.${notice.kind}`, { name: notice.name })}</span>
            {notice.kind === 'completed' && (
              <button type="button" className="prt-link" onClick={() => void model.reopen(notice.taskId, notice.name)} data-testid="priorities.undo">
                {t('priorities.notice.undo')}
              </button>
            )}
            <button type="button" className="prt-icon-button prt-icon-button--small" aria-label={t('priorities.notice.dismiss')} title={t('priorities.notice.dismiss')} onClick={() => model.dismissNotice()}>
              <Icon name="close" size={14} />
            </button>
          </div>
        )}
      </div>
      <div role="alert" className="prt-notice-region">
        {notice && failed && (
          <div className="prt-notice prt-notice--failed" data-testid="priorities.notice" data-kind="failed">
            <Icon name="warning" size={16} />
            <span>{t('priorities.notice.failed', { name: notice.name, reason: t(`priorities.reason.${notice.problem?.reason ?? 'other'}`) })}</span>
            <button type="button" className="prt-icon-button prt-icon-button--small" aria-label={t('priorities.notice.dismiss')} title={t('priorities.notice.dismiss')} onClick={() => model.dismissNotice()}>
              <Icon name="close" size={14} />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
