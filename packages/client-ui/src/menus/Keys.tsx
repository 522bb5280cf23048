import { parseKeybinding, type KeyChord } from '@atrium/client-core';
import { Fragment, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import './Keys.css';

/** Keys written as a symbol, the same in every language. */
const SYMBOLS: Readonly<Record<string, string>> = { arrowup: '↑', arrowdown: '↓', arrowleft: '←', arrowright: '→' };
/** Keys written as printed on most keyboards. */
const NAMES: Readonly<Record<string, string>> = {
  escape: 'Esc', enter: 'Enter', tab: 'Tab', backspace: 'Backspace', delete: 'Delete', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown',
};

/** The chord of a binding, or null when it does not parse (shown as it is). */
function chordOf(binding: string): KeyChord | null {
  try {
    return parseKeybinding(binding);
  } catch {
    return null;
  }
}

/**
 * The keys of a binding ('Alt+Shift+K') in the order they are held, each as a
 * person reads it: modifiers, then the key (a letter in capitals, arrows as
 * arrows, Space in the user's language).
 */
export function keyLabels(binding: string, translate: (key: string) => string): string[] {
  const chord = chordOf(binding);
  if (!chord) return [binding];
  const parts: string[] = [];
  if (chord.ctrl) parts.push('Ctrl');
  if (chord.alt) parts.push('Alt');
  if (chord.shift) parts.push('Shift');
  if (chord.meta) parts.push('Meta');
  const key = chord.key;
  if (key === 'space') parts.push(translate('shortcuts.key.space'));
  else parts.push(SYMBOLS[key] ?? NAMES[key] ?? (key.length === 1 || /^f\d{1,2}$/.test(key) ? key.toUpperCase() : key));
  return parts;
}

/** A key binding written with one <kbd> per key: <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>K</kbd>. */
export function Keys({ binding, className }: { binding: string; className?: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <span className={['atr-keys', className].filter(Boolean).join(' ')}>
      {keyLabels(binding, (key) => t(key)).map((label, index) => (
        <Fragment key={index}>
          {index > 0 && <span className="atr-keys__plus">+</span>}
          <kbd className="atr-keys__key">{label}</kbd>
        </Fragment>
      ))}
    </span>
  );
}
