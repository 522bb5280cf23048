import { useModel, useTranslation } from '@atrium/app-kit';
import { humanFileSize } from '@atrium/shared';
import type { JSX } from 'react';
import { isFinished, type UploadItem, type UploadQueue } from '../model/UploadQueue.js';
import { Icon } from './icons.js';
import { problemText } from './problemText.js';

function percentOf(item: UploadItem): number {
  if (item.status === 'done') return 100;
  return item.total > 0 ? Math.min(100, Math.floor((item.loaded / item.total) * 100)) : 0;
}

function Upload({ queue, item }: { queue: UploadQueue; item: UploadItem }): JSX.Element {
  const { t } = useTranslation();
  const percent = percentOf(item);
  const status = item.status === 'failed' && item.problem ? problemText(t, item.problem) : item.status === 'uploading' ? t('files.uploads.progress', { percent, loaded: humanFileSize(item.loaded), total: humanFileSize(item.total) }) : t(`files.uploads.status.${item.status}`);
  // Named as what it is, an upload, never by the bare file name: that is the listing's row (a screen reader's user
  // looking for the file finds one thing of that name).
  return (
    <li className="fls-upload" data-status={item.status} aria-label={t('files.uploads.entry', { name: item.name, status })} data-testid="files.upload">
      <div className="fls-upload__head">
        <span className="fls-upload__name">
          {item.name}
        </span>
        {item.status === 'failed' && (
          <button type="button" className="fls-link-button" aria-label={t('files.uploads.retryOf', { name: item.name })} onClick={() => queue.retry(item.id)} data-testid="files.upload.retry">
            {t('files.uploads.retry')}
          </button>
        )}
        {!isFinished(item) && (
          <button type="button" className="fls-icon-button" aria-label={t('files.uploads.cancel', { name: item.name })} title={t('files.uploads.cancel', { name: item.name })} onClick={() => queue.cancel(item.id)} data-testid="files.upload.cancel">
            <Icon name="close" />
          </button>
        )}
      </div>
      <div className="fls-upload__bar" role="progressbar" aria-label={t('files.uploads.bar', { name: item.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid="files.upload.bar">
        <div className="fls-upload__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className={`fls-upload__status${item.status === 'failed' ? ' fls-upload__status--error' : ''}`} role={item.status === 'failed' ? 'alert' : undefined} data-testid="files.upload.status">
        {status}
      </div>
    </li>
  );
}

/** The uploads: one line per file with its progress bar, percentage and bytes, a cancel button while it runs, and how it ended. */
export function UploadPanel({ queue }: { queue: UploadQueue }): JSX.Element | null {
  const { t } = useTranslation();
  const { items } = useModel(queue);
  if (items.length === 0) return null;
  return (
    <section className="fls-uploads" aria-label={t('files.uploads.title')} data-testid="files.uploads">
      <div className="fls-uploads__head">
        <h2 className="fls-uploads__title">{t('files.uploads.title')}</h2>
        {items.some(isFinished) && (
          <button type="button" className="fls-link-button" onClick={() => queue.clearFinished()} data-testid="files.uploads.clear">
            {t('files.uploads.clear')}
          </button>
        )}
      </div>
      <ul className="fls-uploads__list">
        {items.map((item) => (
          <Upload key={item.id} queue={queue} item={item} />
        ))}
      </ul>
    </section>
  );
}
