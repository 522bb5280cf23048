import type { AppMenuCategory, AppMenuEntry, AppMenuGroup } from '@atrium/client-core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { AppIcon } from '../apphost/AppIcon.js';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { ChevronRightIcon, SearchIcon, useDismiss } from '@atrium/app-kit';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAppMenuKeys } from './useAppMenuKeys.js';
import './AppMenu.css';

/** The panel button the menu belongs to: the one that opened it, else the first one shown. */
function menuButton(opener: Element | null, root: Element | null): HTMLElement | null {
  if (opener instanceof HTMLElement && opener.isConnected && opener.matches('[data-app-menu-button]')) return opener;
  const desktop = root?.closest('.atr-desktop') ?? document;
  const buttons = [...desktop.querySelectorAll<HTMLElement>('[data-app-menu-button]')];
  return buttons.find((el) => el.offsetParent !== null) ?? buttons[0] ?? null;
}

/** Where the menu lies: along the left edge of the window area, between the panels. */
function placeOf(root: HTMLElement | null): CSSProperties | undefined {
  const area = root?.closest('.atr-desktop')?.querySelector('.atr-desktop__area');
  if (!area) return undefined;
  const box = area.getBoundingClientRect();
  return { top: box.top, height: box.height };
}

/** The menu's place, measured again when the browser's window is resized. */
function useMenuPlace(root: RefObject<HTMLElement | null>): CSSProperties | undefined {
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => setPlace(placeOf(root.current));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [root]);
  return place;
}

/** Focuses the search box when the menu opens; focus inside it when it closes goes back to the panel's button. */
function useFocusWhileOpen(root: RefObject<HTMLElement | null>, search: RefObject<HTMLInputElement | null>, opener: RefObject<Element | null>): void {
  useLayoutEffect(() => {
    search.current?.focus();
    const element = root.current;
    const openedFrom = opener.current;
    // Closing with focus inside (Escape, a launch, Alt+A again): focus goes back to the panel's button, not to the page's body.
    return () => {
      if (element?.contains(document.activeElement)) menuButton(openedFrom, element)?.focus({ preventScroll: true });
    };
  }, [root, search, opener]);
}

/** Keys of the menu's items: a category heading or an application. */
const headingKey = (category: AppMenuCategory) => `category:${category}`;
const entryKey = (name: string) => `app:${name}`;

/**
 * The application menu (docs/behaviour/desktop.md#application-menu): a side
 * panel along the window area (the whole width on a phone) with the search
 * box 'Search Applications' and the applications by category, from the
 * desktop's AppMenuModel. A menu of the ARIA menu pattern: each category is a
 * group whose heading (a menu item, aria-expanded) collapses it; ArrowDown
 * and ArrowUp move through the visible items (from the search box down to
 * the first application, from the first item up to the search box), Home and
 * End to the first and last, ArrowRight and ArrowLeft open and close a
 * category, Enter or Space launch an application or toggle a category, and a
 * typed character goes to the search box. Enter in the search box launches
 * the first visible match. An unavailable application is shown greyed with
 * its reason (its description), can be focused and does not launch.
 * Escape, Tab out of the menu, a click outside or a launch close it; focus
 * then returns to the panel's menu button when it was inside the menu.
 */
export function AppMenu(): JSX.Element {
  const { t } = useTranslation();
  const { appMenu, ui } = useDesktop();
  const state = useObservable(appMenu);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  const place = useMenuPlace(root);
  const [active, setActive] = useState<string | null>(null);
  const baseId = useId();
  const label = t('panel.appMenu.open');

  // The search starts empty each time (the titles follow the language in the model: createDesktop's language switch).
  useEffect(() => () => appMenu.reset(), [appMenu]);

  useFocusWhileOpen(root, search, opener);

  // The menu button toggles the menu itself.
  useDismiss(root, () => ui.closePopup(), { escape: false, insideSelector: '[data-app-menu-button]' });

  const close = () => {
    const button = menuButton(opener.current, root.current);
    ui.closePopup();
    button?.focus({ preventScroll: true });
  };

  const launch = (entry: AppMenuEntry) => {
    if (!entry.available) return;
    close();
    appMenu.launch(entry.name);
  };

  const { handleSearchKey, handleMenuKey } = useAppMenuKeys({ appMenu, groups: state.groups, search, menu, launch, close, setActive });

  // The item that Tab reaches in the menu: the last one focused, else the first.
  const keys = state.groups.flatMap((g) => [headingKey(g.category), ...(g.collapsed ? [] : g.entries.map((e) => entryKey(e.name)))]);
  const tabStop = active !== null && keys.includes(active) ? active : (keys[0] ?? null);

  return (
    <div
      ref={root}
      className="atr-appmenu"
      style={place}
      role="dialog"
      aria-label={label}
      data-testid="appMenu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <SearchBox ref={search} id={`${baseId}-search`} controls={state.groups.length > 0 ? `${baseId}-menu` : undefined} onKeyDown={handleSearchKey} />
      {state.groups.length === 0 ? (
        <p className="atr-appmenu__empty" role="status" data-testid="appMenu.empty">
          {t('panel.appMenu.empty')}
        </p>
      ) : (
        <div ref={menu} id={`${baseId}-menu`} className="atr-appmenu__menu" role="menu" aria-label={label} onKeyDown={handleMenuKey}>
          {state.groups.map((group) => (
            <Category key={group.category} group={group} baseId={baseId} tabStop={tabStop} onLaunch={launch} onFocusItem={setActive} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The search box 'Search Applications' over the model's query. */
function SearchBox({ ref, id, controls, onKeyDown }: { ref: RefObject<HTMLInputElement | null>; id: string; controls: string | undefined; onKeyDown(event: KeyboardEvent<HTMLInputElement>): void }): JSX.Element {
  const { t } = useTranslation();
  const { appMenu } = useDesktop();
  const { query } = useObservable(appMenu);
  return (
    <div className="atr-appmenu__search">
      <SearchIcon className="atr-appmenu__search-icon" width={18} height={18} aria-hidden="true" />
      <input
        ref={ref}
        id={id}
        type="search"
        className="atr-appmenu__input"
        placeholder={t('panel.appMenu.search')}
        aria-label={t('panel.appMenu.search')}
        aria-controls={controls}
        autoComplete="off"
        spellCheck={false}
        value={query}
        data-testid="appMenu.search"
        onChange={(event) => appMenu.setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

function Category(props: { group: AppMenuGroup; baseId: string; tabStop: string | null; onLaunch(entry: AppMenuEntry): void; onFocusItem(key: string): void }): JSX.Element {
  const { group, baseId, tabStop, onLaunch, onFocusItem } = props;
  const { t } = useTranslation();
  const { appMenu } = useDesktop();
  const headingId = `${baseId}-${group.category.replaceAll(' ', '-')}`;
  const key = headingKey(group.category);
  return (
    <div role="group" aria-labelledby={headingId} className="atr-appmenu__group" data-testid={`appMenu.group.${group.category}`}>
      <button
        id={headingId}
        type="button"
        role="menuitem"
        className="atr-appmenu__heading"
        aria-expanded={!group.collapsed}
        tabIndex={tabStop === key ? 0 : -1}
        data-key={key}
        data-heading=""
        data-category={group.category}
        data-testid={`appMenu.category.${group.category}`}
        onFocus={() => onFocusItem(key)}
        onClick={() => appMenu.toggleCategory(group.category)}
      >
        <AppIcon icon={group.icon} size={18} className="atr-appmenu__heading-icon" />
        <span className="atr-appmenu__heading-label">{t(group.labelKey)}</span>
        <ChevronRightIcon className="atr-appmenu__chevron" width={16} height={16} aria-hidden="true" />
      </button>
      {!group.collapsed &&
        group.entries.map((entry) => <Entry key={entry.name} entry={entry} baseId={baseId} category={group.category} tabStop={tabStop} onLaunch={onLaunch} onFocusItem={onFocusItem} />)}
    </div>
  );
}

function Entry(props: { entry: AppMenuEntry; baseId: string; category: AppMenuCategory; tabStop: string | null; onLaunch(entry: AppMenuEntry): void; onFocusItem(key: string): void }): JSX.Element {
  const { entry, baseId, category, tabStop, onLaunch, onFocusItem } = props;
  const { t } = useTranslation();
  const key = entryKey(entry.name);
  const id = `${baseId}-app-${entry.name.replace(/[^\w-]/g, '_')}`;
  return (
    <button
      type="button"
      role="menuitem"
      className={`atr-appmenu__entry${entry.available ? '' : ' atr-appmenu__entry--unavailable'}`}
      tabIndex={tabStop === key ? 0 : -1}
      aria-disabled={entry.available ? undefined : true}
      aria-labelledby={entry.available ? undefined : `${id}-title ${id}-badge`}
      aria-describedby={entry.available ? undefined : `${id}-reason`}
      data-key={key}
      data-entry=""
      data-category={category}
      data-testid={`appMenu.app.${entry.name}`}
      onFocus={() => onFocusItem(key)}
      onClick={() => onLaunch(entry)}
    >
      <AppIcon icon={entry.icon} size={28} className="atr-appmenu__icon" />
      <span className="atr-appmenu__text">
        <span id={`${id}-title`} className="atr-appmenu__title">
          {entry.title}
        </span>
        {!entry.available && (
          <>
            <span id={`${id}-badge`} className="atr-appmenu__badge">
              {t('panel.appMenu.unavailable')}
            </span>
            <span id={`${id}-reason`} className="atr-appmenu__reason" data-testid={`appMenu.reason.${entry.name}`}>
              {t('panel.appMenu.unavailableReason', { app: entry.title })}
            </span>
          </>
        )}
      </span>
    </button>
  );
}
