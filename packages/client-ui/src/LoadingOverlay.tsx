import { LOADING_OVERLAY_DELAY } from '@atrium/shared';
import { useEffect, useState, type JSX } from 'react';
import { useTranslation } from './i18n/useTranslation.js';
import './LoadingOverlay.css';

export interface LoadingOverlayProps {
  /** Cover the whole viewport (default) or only the positioned parent (a grid area). */
  fullScreen?: boolean;
  /** Accessible text; defaults to the translated 'Loading…'. */
  label?: string;
  /** How long a wait lasts before the spinner shows, in milliseconds (LOADING_OVERLAY_DELAY). */
  delay?: number;
}

/**
 * The spinner overlay (docs/behaviour/desktop.md#loading-overlay): the whole
 * screen over the page's own background (the colours of the user's last
 * theme while the page boots, web/src/main.tsx), or one area of the layout
 * (its positioned parent) under a veil. It covers its place at once, so that
 * nothing under it takes a click, but shows the spinner, and announces
 * 'Loading…', only once the wait has lasted `delay`: a short wait shows nothing.
 */
export function LoadingOverlay({ fullScreen = true, label, delay = LOADING_OVERLAY_DELAY }: LoadingOverlayProps): JSX.Element {
  const { t } = useTranslation();
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <div className={`atr-loading${fullScreen ? ' atr-loading--full' : ''}`} role="status" aria-live="polite" data-testid="loading.overlay" data-shown={shown}>
      {shown && (
        <>
          <span className="atr-loading__spinner" aria-hidden="true" data-testid="loading.spinner" />
          <span className="atr-visually-hidden">{label ?? t('common.loading')}</span>
        </>
      )}
    </div>
  );
}
