import { useId, useRef, type JSX } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { Keys } from '../menus/Keys.js';
import { useDesktop } from './DesktopContext.js';
import { ModalOverlay } from './ModalOverlay.js';
import './ShortcutGuide.css';

/**
 * The keyboard-shortcut guide (docs/behaviour/desktop.md#keyboard-shortcut-guide,
 * docs/KEYBOARD.md): every binding of the command registry, named in the
 * user's language and written as keys, following the user's own
 * keybindings (the 'desktop.keybindings' setting) as the registry does. A
 * modal dialog: Escape, the Close button or a press beside it closes it and
 * focus goes back to where it was.
 */
export function ShortcutGuide({ onClose }: { onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const { commands } = useDesktop();
  useObservable(commands);
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <ModalOverlay labelledBy={titleId} onDismiss={onClose} initialFocus={() => close.current} className="atr-guide" testId="shortcuts">
      <h2 id={titleId} className="atr-modal__title">
        {t('shortcuts.title')}
      </h2>
      {/* Scrolls when the list is longer than the screen: reachable with Tab so the keyboard can scroll it. */}
      <div className="atr-modal__body" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="atr-guide__table">
          <thead>
            <tr>
              <th scope="col">{t('shortcuts.command')}</th>
              <th scope="col">{t('shortcuts.keys')}</th>
            </tr>
          </thead>
          <tbody>
            {commands.bindings().map((binding) => (
              <tr key={binding.id} data-testid={`shortcuts.${binding.id}`}>
                <th scope="row">{binding.name ? binding.name((key, values) => t(key, values)) : t(binding.labelKey)}</th>
                <td>
                  <Keys binding={binding.keybinding} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="atr-modal__actions">
        <button ref={close} type="button" className="atr-button atr-button--primary" onClick={onClose} data-testid="shortcuts.close">
          {t('shortcuts.close')}
        </button>
      </div>
    </ModalOverlay>
  );
}
