import type { FileDialog, FileEntry } from '@atrium/client-core';
import { formatVfsPath, isVfsPath, parseVfsPath } from '@atrium/shared';
import { useEffect, useId, useRef, type JSX, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { FileIcon, FileImageIcon, FileTextIcon, FolderIcon } from '@atrium/app-kit';

/** The icon of an entry by its kind and mime type. */
function EntryIcon({ entry }: { entry: FileEntry }): JSX.Element {
  const props = { width: 18, height: 18, className: 'atr-file__icon' };
  if (entry.isDirectory) return <FolderIcon {...props} className="atr-file__icon atr-file__icon--folder" />;
  if (entry.mime.startsWith('image/')) return <FileImageIcon {...props} />;
  if (entry.mime.startsWith('text/')) return <FileTextIcon {...props} />;
  return <FileIcon {...props} />;
}

/** The crumbs of a 'name:/a/b' path: the mountpoint's root, then each folder, with the path each leads to. */
function crumbsOf(path: string, rootLabel: (mount: string) => string): Array<{ label: string; path: string }> {
  if (!isVfsPath(path)) return [];
  const { mount, path: inner } = parseVfsPath(path);
  const names = inner.split('/').filter(Boolean);
  return [{ label: rootLabel(mount), path: formatVfsPath({ mount, path: '/' }) }, ...names.map((name, i) => ({ label: name, path: formatVfsPath({ mount, path: `/${names.slice(0, i + 1).join('/')}` }) }))];
}

/**
 * The file open/save chooser: a mountpoint select, the path as clickable
 * crumbs, the entries as a listbox (click or arrow keys select, double-click
 * or Enter opens: a folder is listed, a file chosen) and, to save, the
 * filename. ok is enabled as the model says (DialogButtons).
 */
export function FileDialogView({ model }: { model: FileDialog }): JSX.Element {
  const { t } = useTranslation();
  const state = useObservable(model);
  const id = useId();
  const mount = isVfsPath(state.path) ? parseVfsPath(state.path).mount : '';
  const labelOf = (name: string) => state.mountpoints.find((m) => m.name === name)?.label ?? name;
  const crumbs = crumbsOf(state.path, labelOf);
  const selectedIndex = state.selected ? state.entries.findIndex((e) => e.path === state.selected?.path) : -1;
  const optionId = (i: number) => `${id}-entry-${i}`;

  // The entry chosen by the keys is brought into sight; one clicked is under the pointer already (scrolling it would put another entry under the second click of a double click).
  const pointed = useRef<string | null>(null);
  const selectedPath = state.selected?.path ?? null;
  useEffect(() => {
    if (selectedIndex >= 0 && selectedPath !== pointed.current) document.getElementById(`${id}-entry-${selectedIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, selectedIndex, selectedPath]);

  const handleListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    pointed.current = null;
    const count = state.entries.length;
    const go = (index: number) => {
      const entry = state.entries[Math.min(count - 1, Math.max(0, index))];
      if (entry) model.select(entry);
    };
    switch (event.key) {
      case 'ArrowDown':
        go(selectedIndex + 1);
        break;
      case 'ArrowUp':
        go(selectedIndex < 0 ? count - 1 : selectedIndex - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(count - 1);
        break;
      case 'Enter':
        if (!state.selected) return;
        void model.open(state.selected);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="atr-file">
      <div className="atr-file__bar">
        <label className="atr-visually-hidden" htmlFor={`${id}-mount`}>
          {t('dialog.file.location')}
        </label>
        <select
          id={`${id}-mount`}
          className="atr-input atr-dialog__select atr-file__mount"
          value={mount}
          data-testid="dialog.file.mountpoint"
          onChange={(event) => {
            const target = state.mountpoints.find((m) => m.name === event.target.value);
            if (target) void model.navigate(target.root);
          }}
        >
          {!state.mountpoints.some((m) => m.name === mount) && <option value={mount}>{mount}</option>}
          {state.mountpoints.map((m) => (
            <option key={m.name} value={m.name}>
              {m.label}
            </option>
          ))}
        </select>
        <nav className="atr-file__crumbs" aria-label={t('dialog.file.path')} data-testid="dialog.file.breadcrumb">
          {crumbs.map((crumb, i) => (
            <button key={crumb.path} type="button" className="atr-file__crumb" aria-current={i === crumbs.length - 1 ? 'location' : undefined} onClick={() => void model.navigate(crumb.path)}>
              {crumb.label}
            </button>
          ))}
        </nav>
      </div>
      <div className="atr-file__head" aria-hidden="true">
        <span>{t('dialog.file.columns.name')}</span>
        <span>{t('dialog.file.columns.type')}</span>
        <span>{t('dialog.file.columns.size')}</span>
      </div>
      <div
        className="atr-file__list"
        role="listbox"
        tabIndex={0}
        aria-label={t('dialog.file.files')}
        aria-busy={state.loading}
        aria-activedescendant={selectedIndex >= 0 ? optionId(selectedIndex) : undefined}
        data-testid="dialog.file.list"
        data-autofocus={state.type === 'open' || undefined}
        onKeyDown={handleListKey}
      >
        {state.entries.map((entry, i) => (
          <div
            key={entry.path}
            id={optionId(i)}
            role="option"
            aria-selected={i === selectedIndex}
            className="atr-file__entry"
            data-testid="dialog.file.entry"
            data-path={entry.path}
            onClick={() => {
              pointed.current = entry.path;
              model.select(entry);
            }}
            onDoubleClick={() => void model.open(entry)}
          >
            <span className="atr-file__name">
              <EntryIcon entry={entry} />
              <span>{entry.label ?? entry.filename}</span>
            </span>
            <span className="atr-file__type">{entry.isDirectory ? t('dialog.file.folder') : entry.mime}</span>
            <span className="atr-file__size">{entry.isDirectory ? '' : entry.humanSize}</span>
          </div>
        ))}
        {state.loading && (
          <div className="atr-file__note" role="status">
            <span className="atr-spinner" aria-hidden="true" />
            <span className="atr-visually-hidden">{t('common.loading')}</span>
          </div>
        )}
        {!state.loading && state.error && (
          <p className="atr-file__note atr-file__note--error" role="alert" data-testid="dialog.file.error">
            {state.error}
          </p>
        )}
        {!state.loading && !state.error && state.entries.length === 0 && <p className="atr-file__note">{t('dialog.file.empty')}</p>}
      </div>
      {state.type === 'save' && (
        <div className="atr-file__filename">
          <label className="atr-dialog__label" htmlFor={`${id}-filename`}>
            {t('dialog.file.filename')}
          </label>
          <input
            id={`${id}-filename`}
            className="atr-input atr-dialog__input"
            value={state.filename}
            data-testid="dialog.file.filename"
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => model.setFilename(event.target.value)}
          />
        </div>
      )}
    </div>
  );
}
