import type { FontDialog } from '@atrium/client-core';
import { FONT_MAX, FONT_MIN } from '@atrium/shared';
import { useId, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { NumberField } from './fields.js';

/** A font chooser: font, size (6–48 px) and style, with a live sample in the chosen font. */
export function FontDialogView({ model }: { model: FontDialog }): JSX.Element {
  const { t } = useTranslation();
  const { value, fonts, styles } = useObservable(model);
  const id = useId();
  return (
    <div className="atr-font">
      <div className="atr-font__fields">
        <div className="atr-field">
          <label className="atr-dialog__label" htmlFor={`${id}-name`}>
            {t('dialog.font.name')}
          </label>
          <select id={`${id}-name`} className="atr-input atr-dialog__select" value={value.name} data-testid="dialog.font.name" data-autofocus onChange={(event) => model.setName(event.target.value)}>
            {fonts.map((font) => (
              <option key={font} value={font} style={{ fontFamily: font }}>
                {font}
              </option>
            ))}
          </select>
        </div>
        <div className="atr-field atr-font__size">
          <label className="atr-dialog__label" htmlFor={`${id}-size`}>
            {t('dialog.font.size')}
          </label>
          <NumberField id={`${id}-size`} className="atr-input atr-dialog__input" min={FONT_MIN} max={FONT_MAX} value={value.size} data-testid="dialog.font.size" onValue={(n) => model.setSize(n)} />
        </div>
        <div className="atr-field">
          <label className="atr-dialog__label" htmlFor={`${id}-style`}>
            {t('dialog.font.style')}
          </label>
          <select id={`${id}-style`} className="atr-input atr-dialog__select" value={value.style} data-testid="dialog.font.style" onChange={(event) => model.setStyle(event.target.value)}>
            {styles.map((style) => (
              <option key={style} value={style}>
                {t(`dialog.font.styles.${style}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p
        className="atr-font__sample"
        // A named group: a plain paragraph may not carry a name, and the sample text stays readable inside it.
        role="group"
        aria-label={t('dialog.font.sampleLabel')}
        data-testid="dialog.font.sample"
        style={{ fontFamily: value.name, fontSize: `${value.size}px`, fontWeight: value.style === 'bold' ? 700 : 400, fontStyle: value.style === 'italic' ? 'italic' : 'normal' }}
      >
        {t('dialog.font.sample')}
      </p>
    </div>
  );
}
