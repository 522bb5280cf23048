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

/** The list's keys: the arrows, Home and End select an entry, Enter opens the selected one; false for another key. */
function listKey(key: string, model: FileDialog, entries: readonly FileEntry[], selectedIndex: number): boolean {
  const count = entries.length;
  const go = (index: number) => {
    const entry = entries[Math.min(count - 1, Math.max(0, index))];
    if (entry) model.select(entry);
  };
  switch (key) {
    case 'ArrowDown':
      go(selectedIndex + 1);
      return true;
    case 'ArrowUp':
      go(selectedIndex < 0 ? count - 1 : selectedIndex - 1);
      return true;
    case 'Home':
      go(0);
      return true;
    case 'End':
      go(count - 1);
      return true;
    case 'Enter': {
      const selected = model.getState().selected;
      if (!selected) return false;
      void model.open(selected);
      return true;
    }
    default:
      return false;
  }
}

/** The mountpoint select and the path as clickable crumbs. */
function LocationBar({ model, id }: { model: FileDialog; id: string }): JSX.Element {
  const { t } = useTranslation();
  const state = useObservable(model);
  const mount = isVfsPath(state.path) ? parseVfsPath(state.path).mount : '';
  const labelOf = (name: string) => state.mountpoints.find((m) => m.name === name)?.label ?? name;
  const crumbs = crumbsOf(state.path, labelOf);
  return (
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
  );
}

/** One entry of the list: a click selects it, a double click opens it. */
function Entry(props: { entry: FileEntry; id: string; selected: boolean; onSelect(): void; onOpen(): void }): JSX.Element {
  const { entry } = props;
  const { t } = useTranslation();
  return (
    <div id={props.id} role="option" aria-selected={props.selected} className="atr-file__entry" data-testid="dialog.file.entry" data-path={entry.path} onClick={props.onSelect} onDoubleClick={props.onOpen}>
      <span className="atr-file__name">
        <EntryIcon entry={entry} />
        <span>{entry.label ?? entry.filename}</span>
      </span>
      <span className="atr-file__type">{entry.isDirectory ? t('dialog.file.folder') : entry.mime}</span>
      <span className="atr-file__size">{entry.isDirectory ? '' : entry.humanSize}</span>
    </div>
  );
}

/** Below the entries: the spinner while the folder loads, its error, or that it is empty. */
function ListNote({ loading, error, empty }: { loading: boolean; error: string | null | undefined; empty: boolean }): JSX.Element | null {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="atr-file__note" role="status">
        <span className="atr-spinner" aria-hidden="true" />
        <span className="atr-visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  if (error) {
    return (
      <p className="atr-file__note atr-file__note--error" role="alert" data-testid="dialog.file.error">
        {error}
      </p>
    );
  }
  return empty ? <p className="atr-file__note">{t('dialog.file.empty')}</p> : null;
}

/** The name to save under. */
function FilenameField({ model, id }: { model: FileDialog; id: string }): JSX.Element {
  const { t } = useTranslation();
  const { filename } = useObservable(model);
  return (
    <div className="atr-file__filename">
      <label className="atr-dialog__label" htmlFor={`${id}-filename`}>
        {t('dialog.file.filename')}
      </label>
      <input
        id={`${id}-filename`}
        className="atr-input atr-dialog__input"
        value={filename}
        data-testid="dialog.file.filename"
        data-autofocus
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => model.setFilename(event.target.value)}
      />
    </div>
  );
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
    if (listKey(event.key, model, state.entries, selectedIndex)) event.preventDefault();
  };

  return (
    <div className="atr-file">
      <LocationBar model={model} id={id} />
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
          <Entry
            key={entry.path}
            entry={entry}
            id={optionId(i)}
            selected={i === selectedIndex}
            onSelect={() => {
              pointed.current = entry.path;
              model.select(entry);
            }}
            onOpen={() => void model.open(entry)}
          />
        ))}
        <ListNote loading={state.loading} error={state.error} empty={state.entries.length === 0} />
      </div>
      {state.type === 'save' && <FilenameField model={model} id={id} />}
    </div>
  );
}
