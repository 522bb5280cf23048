import type { JSX } from 'react';
import { useTranslation } from './i18n/useTranslation.js';
import './LoadingOverlay.css';

export interface LoadingOverlayProps {
  /** Cover the whole viewport (default) or only the positioned parent (a grid area). */
  fullScreen?: boolean;
  /** Accessible text; defaults to the translated 'Loading…'. */
  label?: string;
}

/** The spinner overlay (docs/behaviour/desktop.md#loading-overlay). */
export function LoadingOverlay({ fullScreen = true, label }: LoadingOverlayProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={`atr-loading${fullScreen ? ' atr-loading--full' : ''}`} role="status" aria-live="polite" data-testid="loading.overlay">
      <span className="atr-loading__spinner" aria-hidden="true" />
      <span className="atr-visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
