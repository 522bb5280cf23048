import { useTranslation } from '@atrium/app-kit';
import type { FileEntry } from '@atrium/sdk';
import { useEffect, useRef, type DragEvent, type JSX, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { FilesModel, FilesState } from '../model/FilesModel.js';
import { keyIntent, type KeyIntent } from '../model/keys.js';
import { SORT_KEYS, type SortKey } from '../model/sorting.js';
import { ITEMS_TYPE } from './dragData.js';
import { entryIconName, Icon } from './icons.js';
import { regainFocus } from './regainFocus.js';
import { useDropTarget } from './useDropTarget.js';

export interface ListingProps {
  model: FilesModel;
  state: FilesState;
  /** The folder's name, for the listing's accessible name. */
  folderName: string;
  formatDate(iso: string | undefined): string;
  /** Opens the item menu (items selected) or the folder menu at a point of the window's content. */
  onMenu(at: { x: number; y: number }, scope: 'items' | 'folder'): void;
}

/** A stable element id for an entry (aria-activedescendant). */
function itemId(path: string): string {
  let hash = 0;
  for (let i = 0; i < path.length; i++) hash = (Math.imul(31, hash) + path.charCodeAt(i)) | 0;
  return `fls-item-${(hash >>> 0).toString(36)}-${path.length}`;
}

function Thumbnail({ entry }: { entry: FileEntry }): JSX.Element {
  if (entry.url && entry.mime.startsWith('image/')) return <img className="fls-thumb" src={entry.url} alt="" loading="lazy" draggable={false} />;
  return <Icon name={entryIconName(entry)} className={`fls-entry-icon${entry.isDirectory ? ' fls-entry-icon--folder' : ''}`} />;
}

interface ItemProps {
  model: FilesModel;
  entry: FileEntry;
  selected: boolean;
  focused: boolean;
  writable: boolean;
  view: 'list' | 'icons';
  cut: boolean;
  formatDate(iso: string | undefined): string;
  onMenu: ListingProps['onMenu'];
  relative(event: MouseEvent): { x: number; y: number };
  /** Notes that the pointer is about to put the focus on this entry (it is in sight: the listing must not scroll). */
  pointed(path: string): void;
}

function Item({ model, entry, selected, focused, writable, view, cut, formatDate, onMenu, relative, pointed }: ItemProps): JSX.Element {
  const { t } = useTranslation();
  const drop = useDropTarget(model, entry.isDirectory && writable ? entry.path : null);
  const handleDragStart = (event: DragEvent) => {
    if (!selected) {
      pointed(entry.path);
      model.click(entry.path);
    }
    const paths = selected ? model.getState().selection.selected : [entry.path];
    event.dataTransfer.setData(ITEMS_TYPE, JSON.stringify(paths));
    event.dataTransfer.setData('text/plain', paths.join('\n'));
    event.dataTransfer.effectAllowed = 'copyMove';
  };
  const common = {
    id: itemId(entry.path),
    'aria-selected': selected,
    'data-path': entry.path,
    'data-testid': 'files.item',
    'data-focused': focused || undefined,
    'data-cut': cut || undefined,
    draggable: true,
    onDragStart: handleDragStart,
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      pointed(entry.path);
      model.click(entry.path, event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'replace');
    },
    onDoubleClick: () => void model.open(entry.path),
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (!selected) {
        pointed(entry.path);
        model.click(entry.path);
      }
      onMenu(relative(event), 'items');
    },
    ...(entry.isDirectory ? drop : {}),
  };
  if (view === 'icons') {
    return (
      <div role="option" className="fls-tile" {...common}>
        <Thumbnail entry={entry} />
        <span className="fls-tile__name">{entry.filename}</span>
      </div>
    );
  }
  return (
    <div role="row" className="fls-row" {...common}>
      <span role="gridcell" className="fls-cell fls-cell--name">
        <Icon name={entryIconName(entry)} className={`fls-entry-icon${entry.isDirectory ? ' fls-entry-icon--folder' : ''}`} />
        <span className="fls-cell__text">{entry.filename}</span>
      </span>
      <span role="gridcell" className="fls-cell fls-cell--size">
        {entry.isDirectory ? '' : entry.humanSize}
      </span>
      <span role="gridcell" className="fls-cell fls-cell--type">
        {entry.isDirectory ? t('files.folder') : entry.mime}
      </span>
      <span role="gridcell" className="fls-cell fls-cell--modified">
        {formatDate(entry.stat?.modified as string | undefined)}
      </span>
    </div>
  );
}

/** How many tiles a row of the icon view holds (Up and Down move by a row). */
function columnsOf(container: HTMLElement | null): number {
  const tiles = container ? [...container.querySelectorAll<HTMLElement>('[role="option"]')] : [];
  const top = tiles[0]?.offsetTop;
  const count = tiles.filter((tile) => tile.offsetTop === top).length;
  return Math.max(1, count);
}

/**
 * Scrolls the focused entry into sight, unless the pointer focused it (it is in sight: the second
 * click of a double click must land on the same row). Returns where the pointer notes the path it focuses.
 */
function useScrollToFocused(focused: string | null): RefObject<string | null> {
  const pointedPath = useRef<string | null>(null);
  useEffect(() => {
    const byPointer = pointedPath.current !== null && pointedPath.current === focused;
    pointedPath.current = null;
    if (focused && !byPointer) document.getElementById(itemId(focused))?.scrollIntoView?.({ block: 'nearest' });
  }, [focused]);
  return pointedPath;
}

/** A point of the page as a point of the window's content (.fls), where menus open. */
function relativeTo(listing: HTMLElement | null, event: { clientX: number; clientY: number }): { x: number; y: number } {
  const root = listing?.closest('.fls') as HTMLElement | null;
  const box = root?.getBoundingClientRect();
  return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
}

/** Focus reaching the listing by the keyboard focuses its first entry when `wanted` (none is focused); a press of the pointer does not. */
function useFocusFirstByKeyboard(model: FilesModel, wanted: boolean): { onMouseDown(): void; onMouseUp(): void; onFocus(): void } {
  const pressed = useRef(false);
  return {
    onMouseDown: () => void (pressed.current = true),
    onMouseUp: () => void (pressed.current = false),
    onFocus: () => {
      const byPointer = pressed.current;
      pressed.current = false;
      if (!byPointer && wanted) model.moveFocus('first');
    },
  };
}

/** Does what a key of the listing means; false when it means nothing here (Escape with nothing selected). */
function followIntent(intent: KeyIntent, model: FilesModel, selection: FilesState['selection'], view: { openMenu(): void; root(): Element | null }): boolean {
  switch (intent.kind) {
    case 'move':
      model.moveFocus(intent.step, intent.extend);
      break;
    case 'selectAll':
      model.selectAll();
      break;
    case 'clear':
      if (selection.selected.length === 0) return false;
      model.clearSelection();
      break;
    case 'toggleFocused':
      if (selection.focused) model.click(selection.focused, 'toggle');
      break;
    case 'up':
      void model.up();
      break;
    case 'menu':
      view.openMenu();
      break;
    case 'action':
      void model.run(intent.id).then(() => regainFocus(view.root()));
      break;
  }
  return true;
}

/** The list view's column headers; each sorts by its column (again: the other way). */
function HeadRow({ model, sort }: { model: FilesModel; sort: FilesState['sort'] }): JSX.Element {
  const { t } = useTranslation();
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined);
  return (
    <div role="row" className="fls-row fls-row--head">
      {SORT_KEYS.map((key) => (
        <span key={key} role="columnheader" className={`fls-cell fls-cell--${key}`} aria-sort={ariaSort(key)}>
          <button
            type="button"
            className="fls-sort"
            data-testid={`files.sort.${key}`}
            onClick={(event) => {
              event.stopPropagation();
              model.sortBy(key);
            }}
          >
            {t(`files.column.${key}`)}
            {sort.key === key && <span aria-hidden="true" className="fls-sort__arrow">{sort.direction === 'asc' ? '▲' : '▼'}</span>}
          </button>
        </span>
      ))}
    </div>
  );
}

/**
 * The folder's entries: a grid with sortable columns (list view) or a
 * listbox of tiles (icon view). It keeps the focus itself and points at the
 * focused item (aria-activedescendant); the keys are keys.ts's.
 */
export function Listing({ model, state, folderName, formatDate, onMenu }: ListingProps): JSX.Element {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { entries, selection, view, sort, clipboard } = state;
  const selected = new Set(selection.selected);
  const cut = new Set(clipboard?.mode === 'cut' ? clipboard.paths : []);
  const writable = !model.mountpoint?.attributes.readOnly;
  const focusedId = selection.focused ? itemId(selection.focused) : undefined;
  // The pointer must find the listing where it left it: a press does not move
  // the focus to the first item, and an item focused by a click is not
  // scrolled (else the second click of a double click lands on another row).
  const focusHandlers = useFocusFirstByKeyboard(model, !selection.focused && entries.length > 0);
  const pointedPath = useScrollToFocused(selection.focused);
  const relative = (event: { clientX: number; clientY: number }) => relativeTo(ref.current, event);

  const openMenuFromKeyboard = () => {
    const scope = selection.selected.length > 0 ? 'items' : 'folder';
    const anchor = (focusedId && document.getElementById(focusedId)) || ref.current;
    const box = anchor?.getBoundingClientRect();
    onMenu(relative({ clientX: (box?.left ?? 0) + 24, clientY: (box?.top ?? 0) + (box ? Math.min(box.height, 28) : 0) }), scope);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    const intent = keyIntent(event, view === 'icons' ? columnsOf(ref.current) : 1);
    if (!intent || !followIntent(intent, model, selection, { openMenu: openMenuFromKeyboard, root: () => ref.current?.closest('.fls') ?? null })) return;
    event.preventDefault();
    event.stopPropagation();
  };

  const handleBackgroundMenu = (event: MouseEvent) => {
    event.preventDefault();
    model.clearSelection();
    onMenu(relative(event), 'folder');
  };

  const containerProps = {
    ref,
    tabIndex: 0,
    'aria-label': t('files.listing', { folder: folderName }),
    'aria-multiselectable': true,
    'aria-activedescendant': focusedId,
    'data-testid': 'files.listing',
    onKeyDown: handleKeyDown,
    onClick: () => model.clearSelection(),
    onContextMenu: handleBackgroundMenu,
    ...focusHandlers,
  };

  const items = entries.map((entry) => (
    <Item
      key={entry.path}
      model={model}
      entry={entry}
      selected={selected.has(entry.path)}
      focused={selection.focused === entry.path}
      writable={writable}
      view={view}
      cut={cut.has(entry.path)}
      formatDate={formatDate}
      onMenu={onMenu}
      relative={relative}
      pointed={(path) => (pointedPath.current = path)}
    />
  ));

  if (view === 'icons') {
    return (
      <div role="listbox" className={`fls-tiles${entries.length === 0 ? ' fls-listing--empty' : ''}`} aria-orientation="horizontal" {...containerProps}>
        {items}
      </div>
    );
  }
  return (
    <div role="grid" className={`fls-grid${entries.length === 0 ? ' fls-listing--empty' : ''}`} {...containerProps}>
      <HeadRow model={model} sort={sort} />
      {items}
    </div>
  );
}
