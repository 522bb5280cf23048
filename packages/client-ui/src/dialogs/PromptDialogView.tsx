import type { PromptDialog } from '@atrium/client-core';
import { useId, useRef, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';

/**
 * A prompt: the message labels a text input; Enter presses ok (DialogView's
 * rule). When it first gets focus, the part of the text the options name is
 * selected (a file's name without its extension), else all of it.
 */
export function PromptDialogView({ model }: { model: PromptDialog }): JSX.Element {
  const { t } = useTranslation();
  const state = useObservable(model);
  const id = useId();
  const message = model.options.message;
  const selected = useRef(false);
  return (
    <div className="atr-field">
      <label className={message ? 'atr-dialog__label' : 'atr-visually-hidden'} htmlFor={id} data-testid="dialog.message">
        {message || t('dialog.prompt.value')}
      </label>
      <input
        id={id}
        className="atr-input atr-dialog__input"
        data-testid="dialog.prompt.input"
        data-autofocus
        value={state.value}
        placeholder={state.placeholder}
        onChange={(event) => model.setValue(event.target.value)}
        onFocus={(event) => {
          if (selected.current) return;
          selected.current = true;
          const range = model.options.selection;
          const [start, end] = Array.isArray(range) && range.length === 2 && range.every(Number.isInteger) ? range : [0, event.currentTarget.value.length];
          event.currentTarget.setSelectionRange(start, end);
        }}
      />
    </div>
  );
}
