import type { ColorDialog } from '@atrium/client-core';
import { useId, useState, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { NumberField } from './fields.js';

const CHANNELS = [
  { channel: 'r', label: 'dialog.color.red' },
  { channel: 'g', label: 'dialog.color.green' },
  { channel: 'b', label: 'dialog.color.blue' },
] as const;

/** A colour picker: a slider and a number (0–255) per channel, a hex field and a swatch, all bound to the model. */
export function ColorDialogView({ model }: { model: ColorDialog }): JSX.Element {
  const { t } = useTranslation();
  const { value } = useObservable(model);
  const id = useId();
  // The hex field shows what is typed until it is a colour; a change from the sliders replaces it.
  const [hexDraft, setHexDraft] = useState(value.hex);
  const [shownHex, setShownHex] = useState(value.hex);
  if (shownHex !== value.hex) {
    setShownHex(value.hex);
    setHexDraft(value.hex);
  }
  return (
    <div className="atr-color">
      <div className="atr-color__fields">
        {CHANNELS.map(({ channel, label }, i) => (
          <div key={channel} className="atr-color__row">
            <label htmlFor={`${id}-${channel}`}>{t(label)}</label>
            <input
              id={`${id}-${channel}`}
              type="range"
              min={0}
              max={255}
              step={1}
              value={value[channel]}
              data-testid={`dialog.color.${channel}`}
              data-autofocus={i === 0 || undefined}
              onChange={(event) => model.setChannel(channel, event.target.valueAsNumber)}
            />
            <NumberField className="atr-input atr-color__number" aria-label={t(label)} min={0} max={255} value={value[channel]} data-testid={`dialog.color.${channel}.number`} onValue={(n) => model.setChannel(channel, n)} />
          </div>
        ))}
        <div className="atr-color__row">
          <label htmlFor={`${id}-hex`}>{t('dialog.color.hex')}</label>
          <input
            id={`${id}-hex`}
            className="atr-input atr-color__hex"
            value={hexDraft}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            data-testid="dialog.color.hex"
            onChange={(event) => {
              setHexDraft(event.target.value);
              model.setHex(event.target.value);
            }}
            onBlur={() => setHexDraft(value.hex)}
          />
        </div>
      </div>
      <div className="atr-color__swatch" role="img" aria-label={`${t('dialog.color.preview')}: ${value.hex}`} data-testid="dialog.color.swatch" data-hex={value.hex} style={{ background: value.hex }} />
    </div>
  );
}
