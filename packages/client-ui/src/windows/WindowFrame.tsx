import type { DialogModel, SnapZone, WindowManager, WindowRecord } from '@atrium/client-core';
import { memo, useCallback, useEffect, useRef, useSyncExternalStore, type CSSProperties, type JSX, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from '../desktop/DesktopContext.js';
import { overlayViews } from '../desktop/overlayViews.js';
import { useFocusTrap } from '../hooks/useFocusTrap.js';
import { focusableIn } from './focusable.js';
import { ResizeHandles } from './ResizeHandles.js';
import { useWindowGestures } from './useWindowGestures.js';
import { useWindowRecord } from './useWindowRecord.js';
import type { WindowMenuProps } from './WindowMenu.js';
import { WindowTitleBar } from './WindowTitleBar.js';
import { dialogMessageId } from './focusable.js';
import './WindowFrame.css';

/** The open modal child of a window, which takes focus instead of it. */
function modalChildOf(windows: WindowManager, wid: number): WindowRecord | undefined {
  return windows.windows().find((w) => w.parent === wid && w.attributes.modal && windows.get(w.wid));
}

/** Where a snap would put the window, as the preview shows it. */
function snapPreviewStyle(zone: SnapZone, zIndex: number): CSSProperties {
  const half = { top: 0, bottom: 0, width: 'calc(50% - 12px)', zIndex };
  if (zone === 'left') return { ...half, left: 0 };
  if (zone === 'right') return { ...half, right: 0 };
  return { inset: 0, zIndex };
}

/**
 * Gives the window focus in the model, or its open modal child instead; true when the window
 * itself took it now.
 */
function claimWindowFocus(windows: WindowManager, wid: number): boolean {
  const current = windows.get(wid);
  if (!current) return false;
  const child = modalChildOf(windows, wid);
  if (child) {
    windows.focus(child.wid);
    return false;
  }
  return !current.state.focused && windows.focus(wid);
}

/**
 * Moves DOM focus into the frame when its window gets focus in the model (`focused`): to its
 * first focusable element, else the frame; not when a pointer press gave it (that places focus itself):
 * the press sets the ref returned.
 */
function useFocusInto(frameRef: RefObject<HTMLDivElement | null>, focused: boolean): RefObject<boolean> {
  const pointerFocus = useRef(false);
  useEffect(() => {
    const frame = frameRef.current;
    if (!focused || !frame) return;
    if (pointerFocus.current) {
      // The pointer press places focus itself (on what was clicked, or the frame).
      pointerFocus.current = false;
      return;
    }
    if (frame.contains(document.activeElement)) return;
    const body = frame.querySelector('.atr-window__body');
    (focusableIn(body ?? frame)[0] ?? frame).focus({ preventScroll: true });
  }, [frameRef, focused]);
  return pointerFocus;
}

/** The frame's place, size and stacking; a minimized window is not shown. */
function frameStyle({ position, dimension, zIndex, state }: WindowRecord): CSSProperties {
  return {
    transform: `translate(${position.left}px, ${position.top}px)`,
    width: dimension.width,
    height: dimension.height,
    zIndex,
    display: state.minimized ? 'none' : undefined,
  };
}

function frameClasses({ state, attributes }: WindowRecord): string {
  return ['atr-window', state.focused && 'atr-window--focused', state.maximized && 'atr-window--maximized', !attributes.header && 'atr-window--bare'].filter(Boolean).join(' ');
}

/** The frame's role and name in the accessibility tree; `untitled` names a window without a header and a title. */
function frameRoles(record: WindowRecord, dialog: DialogModel | undefined, titleId: string, untitled: string) {
  const { attributes, state, wid } = record;
  // A dialog whose content is its message (an alert, a question) is described by it; an alert is announced as one.
  const described = (dialog?.kind === 'alert' || dialog?.kind === 'confirm') && !!dialog.options.message;
  return {
    role: dialog?.kind === 'alert' ? 'alertdialog' : 'dialog',
    'aria-modal': attributes.modal || undefined,
    'aria-labelledby': attributes.header ? titleId : undefined,
    'aria-describedby': described ? dialogMessageId(wid) : undefined,
    'aria-label': attributes.header ? undefined : record.title || untitled,
    'aria-busy': state.loading || undefined,
  };
}

/** The cover of a loading window: a spinner, or a clear cover while it waits for its dialog. */
function LoadingCover({ forDialog }: { forDialog: boolean }): JSX.Element {
  const { t } = useTranslation();
  return forDialog ? (
    // Waiting for its dialog is not loading: a clear cover keeps clicks off the content, and the window keeps its look (docs/behaviour/windows.md).
    <div className="atr-window__loading atr-window__loading--dialog" data-testid="window.loading" data-reason="dialog" />
  ) : (
    <div className="atr-window__loading" data-testid="window.loading" role="status">
      <span className="atr-window__spinner" aria-hidden="true" />
      <span className="atr-visually-hidden">{t('window.loading')}</span>
    </div>
  );
}

export interface WindowFrameProps {
  wid: number;
}

/**
 * One window's chrome (docs/behaviour/windows.md#chrome): title bar, body (where the
 * window's content is portalled, see WindowSlots), eight resize handles,
 * the loading overlay, the icon menu and, while dragging near a screen
 * edge, the snap preview. It subscribes to its own window only, so moving
 * one window re-renders no other; the layer passes nothing but the wid.
 *
 * Every window is a dialog in the accessibility tree (modal when its
 * attributes say so: a dialog always is, to its parent or to the desktop),
 * named by its title; an alert is an alertdialog, and an alert's or a
 * question's window is described by its message. When the window gets focus in the
 * model, DOM focus moves into it (its first focusable element, else the frame).
 */
export const WindowFrame = memo(function WindowFrame({ wid }: WindowFrameProps): JSX.Element | null {
  const { t } = useTranslation();
  const { windows, ui, slots, dialogs } = useDesktop();
  const record = useWindowRecord(windows, wid);
  const menuOpen = useSyncExternalStore(ui.subscribe, () => ui.getState().menu === wid);
  const dialog = useSyncExternalStore(useCallback((listener: () => void) => dialogs.subscribe(listener), [dialogs]), () => dialogs.dialogs().find((d) => d.wid === wid));
  const frameRef = useRef<HTMLDivElement>(null);
  const bodyRef = useCallback((element: HTMLDivElement | null) => slots.set(wid, element), [slots, wid]);
  const gestures = useWindowGestures(windows, wid, frameRef);
  const pointerFocusRef = useFocusInto(frameRef, (record?.state.focused ?? false) && !(record?.state.minimized ?? false));
  // Tab stays inside a modal window, whatever renders its content (docs/KEYBOARD.md).
  useFocusTrap(frameRef, record?.attributes.modal ?? false);

  const closeMenu = useCallback(
    (refocus: boolean) => {
      ui.closeMenu();
      if (refocus) document.getElementById(`atr-window-${wid}-title-icon`)?.focus();
    },
    [ui, wid],
  );

  if (!record) return null;
  const { attributes, state } = record;
  const titleId = `atr-window-${wid}-title`;

  /** Focus follows the pointer and the keyboard into a window; a window with a modal child hands it to the child. */
  const claimFocus = (byPointer: boolean) => {
    if (claimWindowFocus(windows, wid)) pointerFocusRef.current = byPointer;
  };

  const handleDoubleClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('button')) return;
    if (gestures.isSyntheticDoubleClick(event.timeStamp)) return;
    if (attributes.maximizable) windows.toggleMaximize(wid);
  };


  return (
    <>
      {gestures.snapZone && !state.minimized && <div className="atr-window-snap" data-testid="window.snapPreview" data-zone={gestures.snapZone} aria-hidden="true" style={snapPreviewStyle(gestures.snapZone, record.zIndex)} />}
      <div
        ref={frameRef}
        className={frameClasses(record)}
        style={frameStyle(record)}
        {...frameRoles(record, dialog, titleId, t('window.untitled'))}
        tabIndex={-1}
        data-testid="window"
        data-wid={wid}
        data-app={record.appId ?? undefined}
        data-media={record.media}
        data-focused={state.focused}
        data-maximized={state.maximized}
        data-minimized={state.minimized}
        data-moving={state.moving}
        data-resizing={state.resizing}
        onPointerDownCapture={() => claimFocus(true)}
        onFocus={() => claimFocus(false)}
      >
        {attributes.header && (
          <WindowTitleBar
            record={record}
            titleId={titleId}
            menuOpen={menuOpen}
            drag={gestures.header}
            onDoubleClick={handleDoubleClick}
            onToggleMenu={() => (menuOpen ? closeMenu(true) : ui.openMenu(wid))}
            onMinimize={() => windows.minimize(wid)}
            onToggleMaximize={() => windows.toggleMaximize(wid)}
            onClose={() => void windows.requestClose(wid)}
          />
        )}
        <div ref={bodyRef} className="atr-window__body" data-testid="window.body" />
        {state.loading && <LoadingCover forDialog={!!modalChildOf(windows, wid)} />}
        {attributes.resizable && !state.maximized && <ResizeHandles handlers={gestures.resize} />}
        {menuOpen && <WindowMenu record={record} labelledBy={`${titleId}-icon`} onClose={closeMenu} />}
      </div>
    </>
  );
});

/** The window's icon menu, once the desktop's menus have arrived (at once when they were preloaded). */
function WindowMenu(props: WindowMenuProps): JSX.Element | null {
  const views = overlayViews.use();
  return views && <views.WindowMenu {...props} />;
}
