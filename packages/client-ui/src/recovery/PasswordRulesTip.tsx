import { useEffect, useId, useState, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { InfoIcon } from '@atrium/app-kit';

const RULES = ['length', 'digit', 'lowercase', 'uppercase', 'special'] as const;

/**
 * The info button of the reset screen and its tooltip listing the five
 * password rules. The tooltip describes the button (aria-describedby) and
 * shows on hover or keyboard focus; Escape hides it.
 */
export function PasswordRulesTip(): JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open]);

  return (
    <div
      className="atr-tip"
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className="atr-tip__button"
        aria-label={t('reset.rulesButton')}
        aria-describedby={id}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onClick={() => setDismissed(open)}
        data-testid="reset.rules"
      >
        <InfoIcon width={18} height={18} />
      </button>
      <div id={id} role="tooltip" className={`atr-tip__bubble${open ? ' atr-tip__bubble--open' : ''}`} data-testid="reset.rulesTip">
        <p className="atr-tip__intro">{t('reset.rulesIntro')}</p>
        <ul className="atr-tip__list">
          {RULES.map((rule) => (
            <li key={rule}>{t(`reset.rules.${rule}`)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
