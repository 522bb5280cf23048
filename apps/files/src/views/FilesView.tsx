import { useModel, useTranslation } from '@atrium/app-kit';
import type { AppWindow } from '@atrium/sdk';
import { basenameVfsPath, languageTag } from '@atrium/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type MouseEvent } from 'react';
import { FOLDER_MENU, ITEM_MENU, MORE_MENU, type ActionId } from '../model/actions.js';
import type { FilesModel } from '../model/FilesModel.js';
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
  const { t, language } = useTranslation();
  const state = useModel(model);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const mountpoint = model.mountpoint;
  const actions = model.actions();
  const path = state.path;
  const folderName = path === null ? appTitle() : isRoot(path) ? (mountpoint?.label ?? path) : basenameVfsPath(path);
  const writable = state.status === 'ready' && !mountpoint?.attributes.readOnly;
  const drop = useDropTarget(model, writable ? path : null);

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium', timeStyle: 'short' }), [language]);
  const formatDate = useCallback((iso: string | undefined) => {
    const time = iso ? Date.parse(iso) : NaN;
    return Number.isNaN(time) ? '' : dateFormat.format(time);
  }, [dateFormat]);

  // A function of the language: the desktop computes it again after a language switch (docs/behaviour/windows.md#title).
  useEffect(() => {
    window?.setTitle(() => (path === null ? appTitle() : `${folderName} – ${appTitle()}`));
  }, [window, path, folderName, appTitle]);

  // A language switch: the places' labels (Home, Shared…) are read again in the new language.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void model.relabel();
  }, [model, language]);

  const root = useRef<HTMLDivElement>(null);
  const runAction = (id: ActionId) => {
    if (id === 'upload') input.current?.click();
    else void model.run(id).then(() => regainFocus(root.current));
  };

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

  const handleContentMenu = (event: MouseEvent) => {
    event.preventDefault();
    const box = (event.currentTarget.closest('.fls') as HTMLElement).getBoundingClientRect();
    model.clearSelection();
    openMenu({ x: event.clientX - box.left, y: event.clientY - box.top }, 'folder');
  };

  // The More actions menu opens under its button, inside the window; the button closes it again.
  const openMoreMenu = (button: HTMLElement) => {
    if (menuRef.current?.scope === 'more') return closeMenu();
    const box = root.current?.getBoundingClientRect();
    const at = button.getBoundingClientRect();
    if (box) openMenu({ x: at.left - box.left, y: at.bottom - box.top }, 'more');
  };

  const selectedCount = state.selection.selected.length;
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
        <div
          id="fls-sidebar"
          className="fls-sidebar-slot"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && sidebarOpen) {
              event.stopPropagation();
              setSidebarOpen(false);
              root.current?.querySelector<HTMLElement>('[data-testid="files.placesToggle"]')?.focus();
            }
          }}
        >
          <Sidebar model={model} mountpoints={state.mountpoints} current={mountpoint?.name ?? null} onChosen={() => setSidebarOpen(false)} />
        </div>
        <main className="fls-main" aria-label={folderName}>
          {path !== null && <Breadcrumb model={model} path={path} mountpoint={mountpoint} />}
          {state.status === 'ready' && mountpoint?.attributes.readOnly && (
            <p className="fls-banner" data-testid="files.readOnly">
              <Icon name="lock" />
              {t('files.readOnlyNotice')}
            </p>
          )}
          {state.notice && (
            <div className="fls-notice" role="alert" data-testid="files.notice">
              <Icon name="warning" />
              <span className="fls-notice__text">{problemText(t, state.notice)}</span>
              <button type="button" className="fls-icon-button" aria-label={t('files.dismiss')} title={t('files.dismiss')} onClick={() => model.dismissNotice()}>
                <Icon name="close" />
              </button>
            </div>
          )}
          <div className="fls-content" onContextMenu={handleContentMenu} onClick={() => model.clearSelection()} {...drop} data-testid="files.content">
            {/* Kept while a folder loads, so that the focus stays in it as the user goes from folder to folder. */}
            {state.status !== 'failed' && <Listing model={model} state={state} folderName={folderName} formatDate={formatDate} onMenu={openMenu} />}
            <FolderState model={model} state={state} writable={writable} />
          </div>
          <div className="fls-statusbar" data-testid="files.status">
            <span>{t('files.count', { count: state.entries.length })}</span>
            {selectedCount > 0 && <span>{t('files.selectedCount', { count: selectedCount })}</span>}
          </div>
          <UploadPanel queue={model.uploads} />
        </main>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="files.uploadInput"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          model.upload(files);
        }}
      />
      {menu && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label={t(MENU_LABELS[menu.scope])}
          entries={MENUS[menu.scope]}
          actions={actions}
          onAction={runAction}
          onClose={closeMenu}
          toggle={menu.scope === 'more' ? '.fls-tool--more' : undefined}
        />
      )}
      {state.properties && (
        <PropertiesPanel
          properties={state.properties}
          rootLabel={isRoot(state.properties.path) ? (mountpointOf(state.mountpoints, state.properties.path)?.label ?? null) : null}
          formatDate={formatDate}
          onClose={() => model.closeProperties()}
        />
      )}
    </div>
  );
}
