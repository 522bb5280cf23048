import { useTranslation } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { PrioritiesModel, PrioritiesState } from '../model/PrioritiesModel.js';
import { pageCount, pageRange } from '../model/taskList.js';
import { Icon, type IconName } from './icons.js';
import type { Formats } from './useFormats.js';

function PageButton({ icon, label, disabled, onClick, id }: { icon: IconName; label: string; disabled: boolean; onClick(): void; id: string }): JSX.Element {
  return (
    <button type="button" className="prt-page-button" aria-label={label} title={label} aria-disabled={disabled || undefined} data-testid={`priorities.page.${id}`} onClick={() => !disabled && onClick()}>
      <Icon name={icon} />
    </button>
  );
}

/** Which tasks of how many are shown ('Showing 51–100 of 2,345'), and the page buttons when there is more than one page. */
export function Pager({ model, state, formats }: { model: PrioritiesModel; state: PrioritiesState; formats: Formats }): JSX.Element | null {
  const { t } = useTranslation();
  const range = pageRange(state.page, state.pageSize, state.tasks.length, state.total);
  if (!range || state.status === 'failed') return null;
  const pages = pageCount(state.total, state.pageSize);
  const first = state.page === 0;
  const last = state.page >= pages - 1;
  return (
    <nav className="prt-pager" aria-label={t('priorities.paging.label')} data-testid="priorities.pager">
      <span className="prt-pager__range" data-testid="priorities.range">
        {t('priorities.paging.showing', { from: formats.number(range.from), to: formats.number(range.to), total: formats.number(state.total) })}
      </span>
      {pages > 1 && (
        <span className="prt-pager__buttons">
          <PageButton id="first" icon="first" label={t('priorities.paging.first')} disabled={first} onClick={() => void model.goToPage(0)} />
          <PageButton id="previous" icon="previous" label={t('priorities.paging.previous')} disabled={first} onClick={() => void model.goToPage(state.page - 1)} />
          <span className="prt-pager__page" data-testid="priorities.page">
            {t('priorities.paging.page', { page: formats.number(state.page + 1), pages: formats.number(pages) })}
          </span>
          <PageButton id="next" icon="next" label={t('priorities.paging.next')} disabled={last} onClick={() => void model.goToPage(state.page + 1)} />
          <PageButton id="last" icon="last" label={t('priorities.paging.last')} disabled={last} onClick={() => void model.goToPage(pages - 1)} />
        </span>
      )}
    </nav>
  );
}
