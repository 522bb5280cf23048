import type { AlertDialog, ChoiceDialog, ColorDialog, DefaultApplicationDialog, DialogModel, FileDialog, FontDialog, ProgressDialog, PromptDialog } from '@atrium/client-core';
import { lazy, Suspense, useEffect, useRef, type JSX, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import { AlertDialogView } from './AlertDialogView.js';
import { dialogMessageId } from '../windows/focusable.js';
import { DialogButtons } from './DialogButtons.js';
import { ProgressDialogView } from './ProgressDialogView.js';
import { PromptDialogView } from './PromptDialogView.js';
import './Dialogs.css';

// The kinds a desktop seldom shows are fetched when first opened, keeping the signed-in shell small (docs/PERFORMANCE.md).
const ChoiceDialogView = lazy(() => import('./ChoiceDialogView.js').then((m) => ({ default: m.ChoiceDialogView })));
const ColorDialogView = lazy(() => import('./ColorDialogView.js').then((m) => ({ default: m.ColorDialogView })));
const DefaultApplicationDialogView = lazy(() => import('./DefaultApplicationDialogView.js').then((m) => ({ default: m.DefaultApplicationDialogView })));
const FileDialogView = lazy(() => import('./FileDialogView.js').then((m) => ({ default: m.FileDialogView })));
const FontDialogView = lazy(() => import('./FontDialogView.js').then((m) => ({ default: m.FontDialogView })));


/** The controls of a dialog by its kind (the model is the kind's class). */
function DialogContent({ model }: { model: DialogModel }): JSX.Element | null {
  switch (model.kind) {
    case 'alert':
      return <AlertDialogView model={model as AlertDialog} />;
    case 'confirm':
      return (
        <p id={dialogMessageId(model.wid)} className="atr-dialog__message" data-testid="dialog.message">
          {model.options.message}
        </p>
      );
    case 'prompt':
      return <PromptDialogView model={model as PromptDialog} />;
    case 'progress':
      return <ProgressDialogView model={model as ProgressDialog} />;
    case 'color':
      return <ColorDialogView model={model as ColorDialog} />;
    case 'font':
      return <FontDialogView model={model as FontDialog} />;
    case 'file':
      return <FileDialogView model={model as FileDialog} />;
    case 'choice':
      return <ChoiceDialogView model={model as ChoiceDialog} />;
    case 'defaultApplication':
      return <DefaultApplicationDialogView model={model as DefaultApplicationDialog} />;
  }
}

/** Input types whose own action Enter triggers (they are buttons). */
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image', 'file', 'color']);
/** Roles whose own action Enter triggers. */
const ENTER_ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'listbox', 'tab', 'treeitem', 'combobox', 'gridcell']);

/**
 * Whether the focused element uses Enter itself, so that Enter must not press
 * the dialog's default button: a button or link (Enter presses it), a
 * multi-line field (a new line), an editable region, a widget that opens or
 * chooses with Enter (a listbox). Single-line fields, selects, checkboxes,
 * radio buttons and sliders do not.
 */
export function usesEnter(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement || element.tagName === 'SUMMARY') return true;
  if (element instanceof HTMLInputElement) return BUTTON_INPUTS.has(element.type);
  if (element.isContentEditable) return true;
  const role = element.getAttribute('role');
  return role !== null && ENTER_ROLES.has(role);
}

/**
 * One dialog inside its window: the kind's controls and the buttons. One
 * rule for every kind (docs/KEYBOARD.md): Enter presses the default button
 * unless focus is on a control that uses Enter itself (usesEnter) or a
 * control already handled it; Escape anywhere in the dialog's window presses
 * the negative button (model.escape, which the alert wrapper ignores). On
 * open, focus goes to the kind's primary control, else the default button,
 * else the first enabled button.
 */
function DialogBody({ model }: { model: DialogModel }): JSX.Element {
  const root = useRef<HTMLDivElement>(null);
  // The buttons' enabled-ness follows the state.
  useObservable(model);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const byDefault = model.defaultButton === null ? null : element.querySelector<HTMLElement>(`[data-testid="dialog.button.${model.defaultButton}"]:not([disabled])`);
    const target = element.querySelector<HTMLElement>('[data-autofocus]') ?? byDefault ?? element.querySelector<HTMLElement>('.atr-dialog__buttons button:not([disabled])');
    target?.focus({ preventScroll: true });
  }, [model]);

  useEffect(() => {
    const frame = root.current?.closest<HTMLElement>('[data-testid="window"]');
    if (!frame) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="menu"]')) return;
      event.preventDefault();
      model.escape();
    };
    frame.addEventListener('keydown', handleKeyDown);
    return () => frame.removeEventListener('keydown', handleKeyDown);
  }, [model]);

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const button = model.defaultButton;
    if (button === null || usesEnter(event.target)) return;
    event.preventDefault();
    void model.press(button);
  };

  return (
    <div ref={root} className={`atr-dialog atr-dialog--${model.kind}`} data-testid="dialog" data-kind={model.kind} onKeyDown={handleKeyDown}>
      <div className="atr-dialog__content">
        <DialogContent model={model} />
      </div>
      <DialogButtons model={model} />
    </div>
  );
}

/**
 * A dialog in its window. A kind whose controls are fetched when first
 * opened shows nothing until they have arrived, then the whole dialog at
 * once, so that its first focus lands on its primary control and no key
 * reaches a half-built dialog.
 */
export function DialogView({ model }: { model: DialogModel }): JSX.Element {
  return (
    <Suspense fallback={null}>
      <DialogBody model={model} />
    </Suspense>
  );
}
