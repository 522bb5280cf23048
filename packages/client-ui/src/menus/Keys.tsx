import { keyLabels } from '@atrium/app-kit';
import { Fragment, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import './Keys.css';

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
