import type { JSX, ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';

export interface BrandHeaderProps {
  /** The screen's heading (the page's only h1). */
  heading: ReactNode;
  /** Logo address; defaults to the site's logo. */
  logo?: string;
  /** A line under the heading. */
  text?: ReactNode;
  /** Show the version stamp beside the heading (login only). */
  showVersion?: boolean;
  headingTestId?: string;
  /** Called when the logo cannot be shown (a broken address), so that the caller can fall back to the site's logo. */
  onLogoError?: () => void;
}

/** Logo, heading and the optional version stamp at the top of the sign-in card. */
export function BrandHeader({ heading, logo, text, showVersion = false, headingTestId, onLogoError }: BrandHeaderProps): JSX.Element {
  const { t } = useTranslation();
  const { site, config } = useAtrium();
  return (
    <header className="atr-brand">
      <img className="atr-brand__logo" src={logo ?? site.logo} alt={t('login.logo', { title: site.title })} height={56} onError={onLogoError} />
      <div className="atr-brand__titles">
        <h1 className="atr-brand__heading" data-testid={headingTestId}>
          {heading}
        </h1>
        {showVersion && (
          <span className="atr-brand__version" data-testid="login.version">
            {t('login.version', { version: config.version })}
          </span>
        )}
      </div>
      {text && <p className="atr-brand__text">{text}</p>}
    </header>
  );
}
