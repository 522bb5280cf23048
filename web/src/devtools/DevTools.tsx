import type { DialogService, HomeWidgetModel, WindowManager } from '@atrium/client-core';
import { useDesktop } from '@atrium/client-ui';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@atrium/client-ui';
import { DEV_ACTIONS, formatResult, type DevContext } from './devActions.js';
import './DevTools.css';

declare global {
  interface Window {
    /** The desktop's models, for benchmarks and e2e set-up (developer builds only). */
    atriumDev?: { windows: WindowManager; dialogs: DialogService; home: HomeWidgetModel };
  }
}

/**
 * The developer entry (development builds only): a "Developer" button on
 * the desktop whose menu opens test windows, test tray icons and every dialog kind, and a
 * live region with the last dialog result. It also exposes the desktop's
 * models as window.atriumDev.
 */
export function DevTools(): JSX.Element {
  const { t } = useTranslation();
  const { windows, dialogs, tray, home } = useDesktop();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState('');
  const [adopted, setAdopted] = useState<readonly number[]>([]);
  const button = useRef<HTMLButtonElement>(null);
  useExposeModels(windows, dialogs, home);

  useEffect(() => windows.onDidCloseWindow((w) => setAdopted((list) => list.filter((wid) => wid !== w.wid))), [windows]);

  const context = useMemo<DevContext>(
    () => ({
      windows,
      dialogs,
      tray,
      t: (key, vars) => String(t(key, vars ?? {})),
      report: (label, pressed, value) => setResult(formatResult(label, pressed, value)),
      adopt: (wid) => setAdopted((list) => [...list, wid]),
    }),
    [windows, dialogs, tray, t],
  );

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);


  return (
    <>
      <div className="atr-devtools">
        <output className="atr-devtools__result" aria-live="polite" aria-label={t('devtools.result')} data-testid="devtools.result" hidden={!result}>
          {result}
        </output>
        {open && (
          <DevMenu
            button={button}
            onClose={close}
            onAction={(action) => {
              close(false);
              // The result shown is always the last entry's: none until it answers.
              setResult('');
              action.run(context);
            }}
          />
        )}
        <button
          ref={button}
          type="button"
          className="atr-devtools__button"
          aria-haspopup="menu"
          aria-expanded={open}
          data-testid="devtools.button"
          onClick={() => (open ? close(false) : setOpen(true))}
        >
          {t('devtools.button')}
        </button>
      </div>
      <DemoContents wids={adopted} />
    </>
  );
}

/** The desktop's models as window.atriumDev, while the entry is shown (the home widget's: its show() puts a block on the desktop as if the server had sent it). */
function useExposeModels(windows: WindowManager, dialogs: DialogService, home: HomeWidgetModel): void {
  useEffect(() => {
    window.atriumDev = { windows, dialogs, home };
    return () => {
      delete window.atriumDev;
    };
  }, [windows, dialogs, home]);
}

/**
 * The entry's menu: focused on its first item when it opens; the arrows, Home and End move,
 * Escape closes it back to its button, a press outside it and the button closes it.
 */
function DevMenu({ button, onClose, onAction }: { button: RefObject<HTMLButtonElement | null>; onClose(refocus: boolean): void; onAction(action: (typeof DEV_ACTIONS)[number]): void }): JSX.Element {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [button, onClose]);

  const handleMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(-1);
    else if (event.key === 'Escape') onClose(true);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={menu} className="atr-devtools__menu" role="menu" aria-label={t('devtools.menu')} data-testid="devtools.menu" onKeyDown={handleMenuKey}>
      {DEV_ACTIONS.map((action, i) => (
        <Fragment key={action.key}>
          {i > 0 && DEV_ACTIONS[i - 1]?.group !== action.group && <div role="separator" className="atr-devtools__separator" />}
          <button type="button" role="menuitem" tabIndex={-1} className="atr-devtools__item" data-testid={`devtools.${action.key}`} onClick={() => onAction(action)}>
            {t(`devtools.${action.key}`)}
          </button>
        </Fragment>
      ))}
    </div>
  );
}

/** The demo text inside each window the developer entry opened. */
function DemoContents({ wids }: { wids: readonly number[] }): JSX.Element {
  const { t } = useTranslation();
  const { slots } = useDesktop();
  useSyncExternalStore(slots.subscribe, slots.version);
  return (
    <>
      {wids.map((wid) => {
        const body = slots.get(wid);
        return (
          body &&
          createPortal(
            <div className="atr-devtools__window">
              <p>{t('devtools.windowText')}</p>
            </div>,
            body,
            `devtools-${wid}`,
          )
        );
      })}
    </>
  );
}
