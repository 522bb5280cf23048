import { FailureState, useTranslation } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { FilesModel, FilesState } from '../model/FilesModel.js';
import { visibleMountpoints } from '../model/paths.js';
import { Icon } from './icons.js';
import { problemText } from './problemText.js';

/** What shows instead of the entries: loading, an empty folder (with how to fill it), or why the folder cannot be shown and what to do. */
export function FolderState({ model, state, writable }: { model: FilesModel; state: FilesState; writable: boolean }): JSX.Element | null {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <div className="fls-state" role="status" data-testid="files.loading">
        <span className="atk-spinner" aria-hidden="true" />
        {t('common.loading')}
      </div>
    );
  }
  if (state.status === 'failed' && state.problem) {
    const key = state.problem.key;
    const mountpoint = model.mountpoint;
    const home = visibleMountpoints(state.mountpoints)[0];
    const kind = key === 'vfs.error.notMounted' ? 'notMounted' : key === 'vfs.error.notFound' || key === 'vfs.error.notADirectory' ? 'missing' : 'other';
    return (
      <FailureState
        title={t(`files.failed.${kind}`)}
        reason={problemText(t, state.problem)}
        retry={kind === 'other' ? { label: t('common.retry'), onRetry: () => void model.refresh() } : undefined}
        actions={
          <>
            {kind === 'notMounted' && mountpoint && (
              <button type="button" className="fls-button atk-primary" onClick={() => void model.mount(mountpoint.name)} data-testid="files.mount">
                {t('files.mount', { name: mountpoint.label })}
              </button>
            )}
            {kind === 'missing' && home && (
              <button type="button" className="fls-button atk-primary" onClick={() => void model.navigate(home.root)} data-testid="files.goHome">
                {t('files.goTo', { place: home.label })}
              </button>
            )}
          </>
        }
        icon={<Icon name="warning" className="fls-state__icon" />}
        className="fls-state--failed"
        testIds={{ root: 'files.failed', retry: 'files.retry' }}
      />
    );
  }
  if (state.status === 'ready' && state.entries.length === 0) {
    return (
      <div className="fls-state" data-testid="files.empty">
        <Icon name="folder" className="fls-state__icon fls-entry-icon--folder" />
        <h2 className="atk-state__title">{t('files.empty.title')}</h2>
        {writable && <p className="atk-state__text">{t('files.empty.hint')}</p>}
      </div>
    );
  }
  return null;
}
