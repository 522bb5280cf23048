import type { Translator } from '@atrium/client-core';
import type { JSX } from 'react';
import { I18nProvider, useTranslation } from './i18n/useTranslation.js';
import { LoadingOverlay } from './LoadingOverlay.js';
import './theme/vision.css';
import './StartupScreen.css';

export interface StartupScreenProps {
  i18n: Translator;
  /** Set when the configuration could not be loaded: shows the message and a retry button. */
  onRetry?: () => void;
}

/** What the page shows before <AtriumApp> can: a spinner, or the unreachable-server message. */
export function StartupScreen({ i18n, onRetry }: StartupScreenProps): JSX.Element {
  return <I18nProvider i18n={i18n}>{onRetry ? <StartupError onRetry={onRetry} /> : <LoadingOverlay />}</I18nProvider>;
}

function StartupError({ onRetry }: { onRetry(): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <main className="atr-startup-error" role="alert">
      <p>{t('common.unreachable')}</p>
      <button type="button" className="atr-button atr-button--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </main>
  );
}
