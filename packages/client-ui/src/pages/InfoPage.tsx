import type { CSSProperties, JSX, ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { ArrowLeftIcon } from '@atrium/app-kit';
import { cssUrl } from '../login/LoginPage.js';
import './InfoPage.css';

export interface InfoPageProps {
  /** Small line above the heading (e.g. 'Privacy Policy'). */
  eyebrow?: ReactNode;
  heading: ReactNode;
  children: ReactNode;
  testId: string;
}

/** A readable card over the login background for the public pages (privacy policy, about), with 'Go Back' to '/'. */
export function InfoPage({ eyebrow, heading, children, testId }: InfoPageProps): JSX.Element {
  const { t } = useTranslation();
  const { site } = useAtrium();
  return (
    <div className="atr-info" style={{ '--atr-login-background': cssUrl(site.loginBackground) } as CSSProperties} data-testid={testId}>
      <main className="atr-info__card">
        <header className="atr-info__header">
          <img className="atr-info__logo" src={site.logo} alt={t('login.logo', { title: site.title })} height={40} />
          {eyebrow && <p className="atr-info__eyebrow">{eyebrow}</p>}
          <h1 className="atr-info__heading">{heading}</h1>
        </header>
        <div className="atr-info__body">{children}</div>
        <footer className="atr-info__footer">
          <a className="atr-button atr-button--secondary" href="/" data-testid="info.back">
            <ArrowLeftIcon width={18} height={18} />
            {t('common.goBack')}
          </a>
        </footer>
      </main>
    </div>
  );
}
