import { useModel, useTranslation } from '@atrium/app-kit';
import type { AppWindow } from '@atrium/sdk';
import { basenameVfsPath, languageTag } from '@atrium/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type MouseEvent, type RefObject } from 'react';
import { FOLDER_MENU, ITEM_MENU, MORE_MENU, type ActionId, type ActionStates } from '../model/actions.js';
import type { FilesModel, FilesState } from '../model/FilesModel.js';
import { isRoot, mountpointOf } from '../model/paths.js';
import { Breadcrumb } from './Breadcrumb.js';
import { ContextMenu } from './ContextMenu.js';
import { FolderState } from './FolderState.js';
import { Icon } from './icons.js';
import { Listing } from './Listing.js';
import { problemText } from './problemText.js';
import { regainFocus } from './regainFocus.js';
import { PropertiesPanel } from './PropertiesPanel.js';
import { Sidebar } from './Sidebar.js';
import { Toolbar } from './Toolbar.js';
import { UploadPanel } from './UploadPanel.js';
import { useDropTarget } from './useDropTarget.js';

interface MenuState {
  x: number;
  y: number;
  scope: 'items' | 'folder' | 'more';
  returnTo: HTMLElement | null;
}

const MENUS = { items: ITEM_MENU, folder: FOLDER_MENU, more: MORE_MENU } as const;
const MENU_LABELS = { items: 'files.menu.items', folder: 'files.menu.folder', more: 'files.more' } as const;

/** Dates as the language writes them (medium date, short time); '' for none or a bad one. */
function useDateFormat(language: string): (iso: string | undefined) => string {
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium', timeStyle: 'short' }), [language]);
  return useCallback(
    (iso: string | undefined) => {
      const time = iso ? Date.parse(iso) : NaN;
      return Number.isNaN(time) ? '' : dateFormat.format(time);
    },
    [dateFormat],
  );
}

/** The window's title: the folder's name and the app's ('Documents – Files'), the app's alone without a folder. */
function useWindowTitle(window: AppWindow | undefined, folderName: string | null, appTitle: () => string): void {
  // A function of the language: the desktop computes it again after a language switch (docs/behaviour/windows.md#title).
  useEffect(() => {
    window?.setTitle(() => (folderName === null ? appTitle() : `${folderName} – ${appTitle()}`));
  }, [window, folderName, appTitle]);
}

/** A language switch: the places' labels (Home, Shared…) are read again in the new language. */
function useRelabel(model: FilesModel, language: string): void {
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void model.relabel();
  }, [model, language]);
}

/** The open menu, if any; closing it gives focus back to what had it when it opened. `openScope` reads it at once, not at the next render. */
function useMenu(): { menu: MenuState | null; openScope(): MenuState['scope'] | undefined; openMenu(at: { x: number; y: number }, scope: MenuState['scope']): void; closeMenu(): void } {
  const [menu, setMenu] = useState<MenuState | null>(null);
  const menuRef = useRef<MenuState | null>(null);
  const openMenu = (at: { x: number; y: number }, scope: MenuState['scope']) => {
    menuRef.current = { ...at, scope, returnTo: document.activeElement as HTMLElement | null };
    setMenu(menuRef.current);
  };
  const closeMenu = useCallback(() => {
    const returnTo = menuRef.current?.returnTo;
    menuRef.current = null;
    setMenu(null);
    returnTo?.focus?.();
  }, []);
  return { menu, openScope: () => menuRef.current?.scope, openMenu, closeMenu };
}

/** The label of a place's root (its mountpoint's), null for a path inside it. */
function rootLabelOf(state: FilesState, path: string): string | null {
  return isRoot(path) ? (mountpointOf(state.mountpoints, path)?.label ?? null) : null;
}

/** The side bar of places; Escape closes it on a narrow window, focus going back to its toggle. */
function SidebarSlot(props: { model: FilesModel; mountpoints: FilesState['mountpoints']; current: string | null; open: boolean; onClose(): void }): JSX.Element {
  const { open, onClose } = props;
  return (
    <div
      id="fls-sidebar"
      className="fls-sidebar-slot"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          onClose();
          event.currentTarget.closest('.fls')?.querySelector<HTMLElement>('[data-testid="files.placesToggle"]')?.focus();
        }
      }}
    >
      <Sidebar model={props.model} mountpoints={props.mountpoints} current={props.current} onChosen={onClose} />
    </div>
  );
}

/** The open menu of actions: the items', the folder's or More actions. */
function FilesMenu(props: { menu: MenuState; actions: ActionStates; onAction(id: ActionId): void; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const { menu } = props;
  return (
    <ContextMenu
      x={menu.x}
      y={menu.y}
      label={t(MENU_LABELS[menu.scope])}
      entries={MENUS[menu.scope]}
      actions={props.actions}
      onAction={props.onAction}
      onClose={props.onClose}
      toggle={menu.scope === 'more' ? '.fls-tool--more' : undefined}
    />
  );
}

function ReadOnlyBanner(): JSX.Element {
  const { t } = useTranslation();
  return (
    <p className="fls-banner" data-testid="files.readOnly">
      <Icon name="lock" />
      {t('files.readOnlyNotice')}
    </p>
  );
}

/** What went wrong with the last action, until dismissed. */
function Notice({ notice, onDismiss }: { notice: NonNullable<FilesState['notice']>; onDismiss(): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="fls-notice" role="alert" data-testid="files.notice">
      <Icon name="warning" />
      <span className="fls-notice__text">{problemText(t, notice)}</span>
      <button type="button" className="fls-icon-button" aria-label={t('files.dismiss')} title={t('files.dismiss')} onClick={onDismiss}>
        <Icon name="close" />
      </button>
    </div>
  );
}

/** The number of entries, and of those selected. */
function StatusBar({ count, selected }: { count: number; selected: number }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="fls-statusbar" data-testid="files.status">
      <span>{t('files.count', { count })}</span>
      {selected > 0 && <span>{t('files.selectedCount', { count: selected })}</span>}
    </div>
  );
}

/** The hidden file chooser of Upload. */
function UploadInput({ ref, onFiles }: { ref: RefObject<HTMLInputElement | null>; onFiles(files: File[]): void }): JSX.Element {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      tabIndex={-1}
      aria-hidden="true"
      data-testid="files.uploadInput"
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        event.currentTarget.value = '';
        onFiles(files);
      }}
    />
  );
}

export interface FilesViewProps {
  model: FilesModel;
  /** The app's title in the current language, for the window title ('Documents – Files'). */
  appTitle: () => string;
  window?: AppWindow;
}

/**
 * The Files window: toolbar, side bar of places, breadcrumb, the folder's
 * entries (or its state), the uploads, and the menus and properties. It
 * renders the model and hands every gesture to it.
 */
export function FilesView({ model, appTitle, window }: FilesViewProps): JSX.Element {
  const { language } = useTranslation();
  const state = useModel(model);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mountpoint = model.mountpoint;
  const actions = model.actions();
  const path = state.path;
  const folderName = path === null ? appTitle() : isRoot(path) ? (mountpoint?.label ?? path) : basenameVfsPath(path);
  const writable = state.status === 'ready' && !mountpoint?.attributes.readOnly;
  const drop = useDropTarget(model, writable ? path : null);

  const formatDate = useDateFormat(language);
  useWindowTitle(window, path === null ? null : folderName, appTitle);
  useRelabel(model, language);

  const root = useRef<HTMLDivElement>(null);
  const runAction = (id: ActionId) => {
    if (id === 'upload') input.current?.click();
    else void model.run(id).then(() => regainFocus(root.current));
  };

  const { menu, openScope, openMenu, closeMenu } = useMenu();

  const handleContentMenu = (event: MouseEvent) => {
    event.preventDefault();
    const box = (event.currentTarget.closest('.fls') as HTMLElement).getBoundingClientRect();
    model.clearSelection();
    openMenu({ x: event.clientX - box.left, y: event.clientY - box.top }, 'folder');
  };

  // The More actions menu opens under its button, inside the window; the button closes it again.
  const openMoreMenu = (button: HTMLElement) => {
    if (openScope() === 'more') return closeMenu();
    const box = root.current?.getBoundingClientRect();
    const at = button.getBoundingClientRect();
    if (box) openMenu({ x: at.left - box.left, y: at.bottom - box.top }, 'more');
  };

  return (
    <div ref={root} className={`atk-app fls${sidebarOpen ? ' fls--places-open' : ''}`} data-testid="files">
      <Toolbar
        actions={actions}
        canGoUp={path !== null && !isRoot(path)}
        view={state.view}
        sidebarOpen={sidebarOpen}
        moreOpen={menu?.scope === 'more'}
        onUp={() => void model.up()}
        onMore={openMoreMenu}
        onAction={runAction}
        onView={(view) => model.setView(view)}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
      />
      <div className="fls-body" onPointerDown={(event) => sidebarOpen && !(event.target as Element).closest('.fls-sidebar-slot') && setSidebarOpen(false)}>
        <SidebarSlot model={model} mountpoints={state.mountpoints} current={mountpoint?.name ?? null} open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
        <main className="fls-main" aria-label={folderName}>
          {path !== null && <Breadcrumb model={model} path={path} mountpoint={mountpoint} />}
          {state.status === 'ready' && mountpoint?.attributes.readOnly && <ReadOnlyBanner />}
          {state.notice && <Notice notice={state.notice} onDismiss={() => model.dismissNotice()} />}
          <div className="fls-content" onContextMenu={handleContentMenu} onClick={() => model.clearSelection()} {...drop} data-testid="files.content">
            {/* Kept while a folder loads, so that the focus stays in it as the user goes from folder to folder. */}
            {state.status !== 'failed' && <Listing model={model} state={state} folderName={folderName} formatDate={formatDate} onMenu={openMenu} />}
            <FolderState model={model} state={state} writable={writable} />
          </div>
          <StatusBar count={state.entries.length} selected={state.selection.selected.length} />
          <UploadPanel queue={model.uploads} />
        </main>
      </div>
      <UploadInput ref={input} onFiles={(files) => model.upload(files)} />
      {menu && <FilesMenu menu={menu} actions={actions} onAction={runAction} onClose={closeMenu} />}
      {state.properties && (
        <PropertiesPanel properties={state.properties} rootLabel={rootLabelOf(state, state.properties.path)} formatDate={formatDate} onClose={() => model.closeProperties()} />
      )}
    </div>
  );
}
