import { useTranslation } from '@atrium/app-kit';
import { basenameVfsPath } from '@atrium/shared';
import { useEffect, useRef, type JSX } from 'react';
import type { Properties } from '../model/FilesModel.js';
import { problemText } from './problemText.js';

/** The properties of an entry in a small dialog inside the window: name, path, type, size, times, and a folder's item count. */
export function PropertiesPanel({ properties, rootLabel = null, formatDate, onClose }: { properties: Properties; rootLabel?: string | null; formatDate(iso: string | undefined): string; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    returnTo.current = document.activeElement;
    close.current?.focus();
    return () => (returnTo.current as HTMLElement | null)?.focus?.();
  }, []);
  const { entry } = properties;
  // A mountpoint's top folder is named by its label.
  const name = entry?.filename || entry?.label || rootLabel || basenameVfsPath(properties.path) || properties.path;
  const rows: Array<[string, string]> = entry
    ? [
        ['name', name],
        ['path', entry.path],
        ['type', entry.isDirectory ? t('files.folder') : entry.mime],
        ...(entry.isFile ? [['size', t('files.properties.bytes', { size: entry.humanSize, bytes: entry.size.toLocaleString() })] as [string, string]] : []),
        ...(properties.itemCount !== null ? [['items', String(properties.itemCount)] as [string, string]] : []),
        ['created', formatDate(entry.stat?.created as string | undefined)],
        ['modified', formatDate(entry.stat?.modified as string | undefined)],
      ]
    : [];
  return (
    <div className="fls-veil" onClick={onClose}>
      <div
        className="fls-properties"
        role="dialog"
        aria-modal="true"
        aria-labelledby="fls-properties-title"
        data-testid="files.properties"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          } else if (e.key === 'Tab') {
            e.preventDefault();
            close.current?.focus();
          }
        }}
      >
        <h2 className="fls-properties__title" id="fls-properties-title">
          {t('files.properties.title', { name })}
        </h2>
        {properties.status === 'loading' && <p role="status">{t('common.loading')}</p>}
        {properties.problem && <p role="alert">{problemText(t, properties.problem)}</p>}
        {entry && (
          <dl className="fls-properties__list">
            {rows.map(([key, value]) => (
              <div key={key} className="fls-properties__row" data-testid={`files.properties.${key}`}>
                <dt>{t(`files.properties.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="fls-properties__buttons">
          <button ref={close} type="button" className="fls-button" onClick={onClose} data-testid="files.properties.close">
            {t('files.properties.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
